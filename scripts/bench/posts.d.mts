/** Post `i` of `count` as the bench writes it: about 1,200 words of markup, a distinct title. */
export declare function post(
  i: number,
  count?: number,
): {
  title: string;
  excerpt: string;
  content: string;
  date: string;
  readTime: string;
  image: string;
  featured: boolean;
  placementId: number;
};
