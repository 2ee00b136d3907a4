import { createContext, useContext, type ReactNode } from "react";
import type { PageImages } from "#content/page-images.ts";

const PageImagesContext = createContext<PageImages>({});

/** The page's uploaded images, as its loader resolved them (server/media/page-images.ts). */
export function PageImagesProvider({ images, children }: { images: PageImages; children: ReactNode }) {
  return <PageImagesContext value={images}>{children}</PageImagesContext>;
}

/** An alt text and, when it is an English text shown on a page in another language, `lang: "en"`. */
export interface AltText {
  text: string;
  lang?: "en" | undefined;
}

/** A use's own alt text: empty or absent when the use leaves it to the library. */
export interface OwnAlt {
  text?: string | undefined;
  lang?: "en" | undefined;
}

/**
 * Which alt text an image says (issue 27, docs/decisions/025-alt-text-per-use.md): the one its use
 * gives (`own`, the content's optional alt field), else the library's for the image, else what the
 * page would say of it. A text in the page's language beats one shown in English, so a Sinhala page
 * prefers the library's Sinhala alt text to a use's alt text not yet translated; a use's alt text
 * beats an image marked decorative in the library, since the admin wrote it for this place.
 */
export function chooseAlt(own: OwnAlt | undefined, library: AltText | undefined, derived: AltText): AltText {
  const given = own?.text ? { text: own.text, lang: own.lang } : undefined;
  if (!given) return library ?? derived;
  if (!library || library.text === "" || given.lang !== "en" || library.lang === "en") return given;
  return library;
}

interface SiteImageProps {
  src: string;
  /** What the page says of the image when neither its use nor the library describes it. */
  alt: string;
  /** The alt text this use of the image gives (its content's alt field), if any, in the page's language or English. */
  ownAlt?: OwnAlt | undefined;
  /** The size drawn when the URL is not an upload (an address typed in a field). */
  width: number;
  height: number;
  /** How wide the image is drawn, as the `sizes` attribute says it. */
  sizes: string;
  /** The page's largest image, in the first screen: fetched first, never lazily. */
  priority?: boolean;
  /** `"en"` when `alt` is an English text on a page in another language. */
  lang?: "en" | undefined;
  className?: string;
}

/**
 * An image of the page's content. An upload is drawn as a `<picture>` with its AVIF and WebP
 * variants at every width, its own size (no shift when it arrives) and the alt text {@link chooseAlt}
 * picks; lazily unless it is the page's largest. Another URL is drawn
 * as it is; an upload that no longer exists is left out.
 */
export function SiteImage({
  src,
  alt,
  ownAlt,
  width,
  height,
  sizes,
  priority = false,
  lang,
  className,
}: SiteImageProps) {
  const image = useContext(PageImagesContext)[src];
  if (image === null) return null;
  const said = chooseAlt(ownAlt, image?.alt, { text: alt, lang });
  const img = (
    <img
      src={image?.src ?? src}
      alt={said.text}
      lang={said.lang}
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
