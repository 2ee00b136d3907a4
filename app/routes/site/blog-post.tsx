export default function BlogPost() {
  return null;
}
