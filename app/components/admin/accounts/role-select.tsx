import type { ComponentProps } from "react";
import { NativeSelect } from "#app/components/ui/select.tsx";
import { isRole, ROLE_LABELS, ROLES, type Role } from "#content/roles.ts";

type RoleSelectProps = Omit<ComponentProps<typeof NativeSelect>, "value" | "onChange" | "children"> & {
  value: Role;
  onChange: (role: Role) => void;
};

/** The roles (#content/roles.ts) by their names, as an account's, an invitation's or a new account's. */
export function RoleSelect({ value, onChange, ...props }: RoleSelectProps) {
  return (
    <NativeSelect
      {...props}
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isRole(next)) onChange(next);
      }}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </NativeSelect>
  );
}
