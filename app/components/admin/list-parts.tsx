import { ChevronLeft, ChevronRight, Download, RefreshCw, Search, type LucideIcon } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";

/*
 * The parts every admin list is made of (Messages, Conversations, the Blog
 * tab's posts): a header with its CSV export, a search field, and the loading,
 * error, empty and paging states, so the lists look and behave alike and a
 * new one is put together rather than written again.
 */

/** A list panel's header: icon, heading (labelling the panel), what the list holds, and "Export CSV". */
export function ListPanelHeader({
  headingId,
  icon: Icon,
  title,
  description,
  exportHref,
}: {
  headingId: string;
  icon: LucideIcon;
  title: ReactNode;
  description: string;
  exportHref: string;
}) {
  return (
    <header className="flex flex-wrap items-center gap-x-4 gap-y-3 border-b border-slate-200 px-4 py-4 sm:px-6">
      <div className="flex min-w-0 flex-1 basis-64 items-center gap-3">
        <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100 sm:flex">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2
            id={headingId}
            className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-950 sm:text-xl"
          >
            {title}
          </h2>
          <p className="text-sm text-slate-600">{description}</p>
        </div>
      </div>
      <a href={exportHref} download className={buttonVariants({ variant: "outline" })}>
        <Download aria-hidden="true" />
        Export CSV
      </a>
    </header>
  );
}

/** A search box named by `label` (no visible label: the magnifier and placeholder say what it is). */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  inputRef,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <div className="relative min-w-0 flex-1 basis-64">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <Input
        ref={inputRef}
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        className="pl-9"
      />
    </div>
  );
}

/** The first page on its way ("Loading messages…"). */
export function ListLoading({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center justify-center gap-2 px-6 py-12 text-sm text-slate-600" role="status">
      <Spinner />
      {children}
    </p>
  );
}

/** The list could not be read: why, and "Try again". */
export function ListError({
  children,
  onRetry,
  className,
}: {
  children: ReactNode;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <FormAlert look="panel" className={cn("flex flex-wrap items-center gap-3", className)}>
      <p className="flex-1">{children}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
    </FormAlert>
  );
}

/** Nothing to list: nothing yet, or nothing matches the search. */
export function ListEmpty({
  icon: Icon,
  children,
  className,
}: {
  icon: LucideIcon;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center",
        className,
      )}
    >
      <Icon className="size-6 text-slate-400" aria-hidden="true" />
      <p className="text-sm text-slate-600">{children}</p>
    </div>
  );
}

/**
 * After a page turn: on a long page the new items (or why they could not be
 * read) start above the pager, so bring the list's top into view.
 */
export function showListTop(top: HTMLElement | null) {
  if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: "start" });
}

/**
 * Previous / "Page X of Y" / Next, a navigation landmark named `label`. The
 * buttons stay focusable at the ends (aria-disabled), so focus is not lost.
 */
export function Pager({
  label,
  page,
  pages,
  onPage,
  className,
}: {
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  className?: string;
}) {
  const first = page <= 1;
  const last = page >= pages;
  const edge = "aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-white";
  return (
    <nav aria-label={label} className={cn("flex items-center justify-between gap-3 border-t", className)}>
      <Button
        variant="outline"
        size="sm"
        className={edge}
        aria-disabled={first}
        onClick={() => !first && onPage(page - 1)}
      >
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-slate-700 tabular-nums" aria-live="polite">
        Page {page.toLocaleString("en-US")} of {pages.toLocaleString("en-US")}
      </p>
      <Button
        variant="outline"
        size="sm"
        className={edge}
        aria-disabled={last}
        onClick={() => !last && onPage(page + 1)}
      >
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
