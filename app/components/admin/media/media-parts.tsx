import { ImageOff, Search } from "lucide-react";
import { Link } from "react-router";
import { LOCALES, isTranslated } from "#content/locales.ts";
import type { LibraryImage, MediaUse } from "#content/media.ts";
import { documents, isDocumentKey } from "#content/sections.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Input } from "#app/components/ui/input.tsx";
import { textLabel } from "../editor/translate-texts.ts";
import { PAGE_LINK, recordAdminLink } from "../editor/record-link.ts";
import { postAdminLink } from "../posts/post-link.ts";

/** "1.2 MB", "340 KB": an image's files together. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Where a use is edited: the tab of a document; for a post, "Edit Post" open on it in the use's language. */
export function linkOfUse(use: MediaUse): { to: string; label: string } {
  const language = isTranslated(use.locale) ? ` (${LOCALES[use.locale].nativeName})` : "";
  if (use.kind === "content" && isDocumentKey(use.key)) {
    const doc = documents[use.key];
    return { to: `/admin?tab=${doc.tab}`, label: `${doc.label}: ${textLabel(use.field)}${language}` };
  }
  if (use.kind === "page")
    return {
      to: recordAdminLink(PAGE_LINK, use.id, use.locale ?? "en"),
      label: `Page ${use.key}: ${textLabel(use.field)}${language}`,
    };
  return {
    to: postAdminLink(use.id, use.locale ?? "en"),
    label: `Post "${use.key}": ${textLabel(use.field)}${language}`,
  };
}

/** The list of an image's uses, each a link to where it is edited. */
export function UseList({ uses }: { uses: readonly MediaUse[] }) {
  if (uses.length === 0) return <p className="text-sm text-slate-600">Not used anywhere yet.</p>;
  return (
    <ul className="grid gap-1 text-sm">
      {uses.map((use) => {
        const link = linkOfUse(use);
        return (
          <li key={`${use.kind}-${use.id}-${use.locale ?? ""}-${use.field}`}>
            <Link to={link.to} className="break-words text-brand-700 underline-offset-2 hover:underline">
              {link.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The "No alt text" mark: an image that is neither described nor marked decorative. */
export const lacksAlt = (image: Pick<LibraryImage, "alt" | "decorative">) => !image.alt && !image.decorative;

export function NoAltMark({ className }: { className?: string }) {
  return (
    <Badge variant="warning" className={className}>
      No alt text
    </Badge>
  );
}

/** A thumbnail; a file that fails to load shows a plain "Image missing" tile instead of a broken image. */
export function Thumbnail({
  image,
  className,
}: {
  image: Pick<LibraryImage, "thumbnail" | "alt">;
  className?: string;
}) {
  return (
    <img
      src={image.thumbnail}
      alt={image.alt}
      loading="lazy"
      className={cn("size-full object-cover", className)}
      onError={(event) => {
        event.currentTarget.hidden = true;
        event.currentTarget.nextElementSibling?.removeAttribute("hidden");
      }}
    />
  );
}

export function MissingImage({ hidden = false, className }: { hidden?: boolean; className?: string }) {
  return (
    <div
      hidden={hidden}
      className={cn(
        "flex size-full flex-col items-center justify-center gap-1 bg-slate-100 text-xs text-slate-600",
        className,
      )}
    >
      <ImageOff className="size-5" aria-hidden="true" />
      Image missing
    </div>
  );
}

/** One image's card: thumbnail, name, size and dimensions, alt text or its lack, how many uses. */
export function MediaCard({
  image,
  selected,
  onOpen,
  openLabel,
  children,
}: {
  image: LibraryImage;
  selected?: boolean;
  onOpen: () => void;
  /** What activating the card does, for assistive technology ("Edit", "Choose"). */
  openLabel: string;
  children?: React.ReactNode;
}) {
  return (
    <li
      className={cn(
        "relative flex min-w-0 flex-col overflow-hidden rounded-xl border bg-white shadow-sm",
        selected ? "border-brand-500 ring-2 ring-brand-500" : "border-slate-200",
      )}
    >
      <button
        type="button"
        onClick={onOpen}
        aria-label={`${openLabel} ${image.name}`}
        className="aspect-[4/3] w-full overflow-hidden bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500"
      >
        <Thumbnail image={image} />
        <MissingImage hidden />
      </button>
      <div className="grid min-w-0 gap-1 p-3 text-xs text-slate-600">
        <p className="truncate text-sm font-medium text-slate-900" title={image.name}>
          {image.name}
        </p>
        <p>
          {image.width}×{image.height} · {formatBytes(image.bytes)}
        </p>
        {lacksAlt(image) ? (
          <NoAltMark className="justify-self-start" />
        ) : (
          <p className="truncate" title={image.alt}>
            {image.decorative ? "Decorative" : image.alt}
          </p>
        )}
        <p>
          {image.uses.length === 0
            ? "Unused"
            : `Used in ${image.uses.length} ${image.uses.length === 1 ? "place" : "places"}`}
        </p>
        {children}
      </div>
    </li>
  );
}

/** The library's search box (the Media screen's and the picker's): name or alt text. */
export function MediaSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label="Search images by name or alt text"
        placeholder="Search by name or alt text"
        className="pl-9"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </>
  );
}
