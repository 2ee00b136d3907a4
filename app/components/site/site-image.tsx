import { createContext, useContext, type ReactNode } from "react";
import type { PageImages } from "#content/page-images.ts";

const PageImagesContext = createContext<PageImages>({});

/** The page's uploaded images, as its loader resolved them (server/media/page-images.ts). */
export function PageImagesProvider({ images, children }: { images: PageImages; children: ReactNode }) {
  return <PageImagesContext value={images}>{children}</PageImagesContext>;
}

interface SiteImageProps {
  src: string;
  alt: string;
  /** The size drawn when the URL is not an upload (an address typed in a field). */
  width: number;
  height: number;
  /** How wide the image is drawn, as the `sizes` attribute says it. */
  sizes: string;
  /** The page's largest image, in the first screen: fetched first, never lazily. */
  priority?: boolean;
  lang?: string;
  className?: string;
}

/**
 * An image of the page's content. An upload is drawn as a `<picture>` with its AVIF and WebP
 * variants at every width, its own size (no shift when it arrives) and its alt text from the media
 * library (`alt` when it has none); lazily unless it is the page's largest. Another URL is drawn
 * as it is; an upload that no longer exists is left out.
 */
export function SiteImage({ src, alt, width, height, sizes, priority = false, lang, className }: SiteImageProps) {
  const image = useContext(PageImagesContext)[src];
  if (image === null) return null;
  // The media library's description of the image wins over what the page would say of it.
  const described = image?.alt;
  const img = (
    <img
      src={image?.src ?? src}
      alt={described ? described.text : alt}
      lang={described ? described.lang : lang}
      width={image?.width ?? width}
      height={image?.height ?? height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      className={className}
    />
  );
  if (!image) return img;
  return (
    <picture className="contents">
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
