import type { FieldErrors } from "../editor-types.ts";
import { ImageUrlField } from "../editor/image-url-field.tsx";
import { TextField, type TextFieldProps } from "../editor/text-field.tsx";

/** The names of a block's or item's fields that hold a string (a missing one edits as ""). */
type StringKey<T> = { [P in keyof T]-?: NonNullable<T[P]> extends string ? P : never }[keyof T] & string;

/**
 * One field of a block or of a list block's item: a text (with a version per language, translated in
 * place, unless `shared`: the same in every language, read-only there), or an image with its own alt text.
 */
export type FieldSpec<T> =
  | ({ text: StringKey<T>; shared?: boolean } & Pick<
      TextFieldProps,
      "label" | "hint" | "placeholder" | "multiline" | "rows" | "mono" | "spellCheck"
    >)
  | { image: StringKey<T>; alt: StringKey<T>; label: string };

/**
 * The fields of `value` (a block at `blocks.0`, an item at `blocks.2.items.0`) as `fields` list them,
 * side by side in `columns` (a grid's classes) when given.
 */
export function SpecFields<T>({
  fields,
  columns,
  value,
  path,
  errors,
  patch,
}: {
  fields: readonly FieldSpec<T>[];
  columns?: string | undefined;
  value: T;
  path: string;
  errors: FieldErrors;
  patch: (patch: Partial<T>) => void;
}) {
  const text = (key: StringKey<T>) => (value[key] as string | undefined) ?? "";
  const edit = (key: StringKey<T>) => (next: string) => patch({ [key]: next } as Partial<T>);
  const controls = fields.map((field) => {
    if ("image" in field)
      return (
        <ImageUrlField
          key={field.image}
          label={field.label}
          value={text(field.image)}
          onChange={edit(field.image)}
          error={errors[`${path}.${field.image}`]}
          alt={{
            path: `${path}.${field.alt}`,
            value: value[field.alt] as string | undefined,
            onChange: edit(field.alt),
            error: errors[`${path}.${field.alt}`],
          }}
        />
      );
    const { text: key, shared, ...props } = field;
    return (
      <TextField
        key={key}
        {...props}
        {...(!shared && { path: `${path}.${key}` })}
        value={text(key)}
        onChange={edit(key)}
        error={errors[`${path}.${key}`]}
      />
    );
  });
  return columns ? <div className={columns}>{controls}</div> : controls;
}
