import { useState } from "react";
import { DropdownMenu } from "radix-ui";
import { ChevronDown, DatabaseBackup, KeyRound, MonitorSmartphone, UserRound, Users } from "lucide-react";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { may, type Role } from "#content/roles.ts";
import { AdministratorsDialog } from "./administrators-dialog.tsx";
import { ChangePasswordDialog } from "./change-password-dialog.tsx";
import { TwoFactorDialog, TwoFactorMenuIcon } from "./two-factor/two-factor-dialog.tsx";
import { SessionsDialog } from "./sessions-dialog.tsx";
import { PasskeyMenuIcon, PasskeysDialog } from "./passkeys-dialog.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { downloadBackup } from "../data/admin-api.ts";

const itemClasses =
  "flex cursor-pointer select-none items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-950 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-slate-500";

/** The signed-in account's menu in the header: password; for Administrators, the accounts and the backup. */
export function AccountMenu({ email, role, onSignedOut }: { email: string; role: Role; onSignedOut: () => void }) {
  const [dialog, setDialog] = useState<"password" | "administrators" | "sessions" | "two-factor" | "passkeys" | null>(
    null,
  );
  const managesAccounts = may(role, "GET /api/accounts");
  const downloadsBackup = may(role, "GET /api/backup");
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          className={cn(buttonVariants({ variant: "outline", size: "sm" }), "max-w-56 sm:max-w-72")}
        >
          <UserRound aria-hidden="true" />
          <span className="sr-only">Account menu for </span>
          {/* On a phone the header already shows the email: the button says "Account" to leave room for Logout. */}
          <span className="sr-only sm:not-sr-only sm:truncate">{email}</span>
          <span aria-hidden="true" className="sm:hidden">
            Account
          </span>
          <ChevronDown aria-hidden="true" />
        </DropdownMenu.Trigger>
        {/* Not portalled: the menu stays inside the header's banner landmark. */}
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-60 rounded-xl border border-slate-200 bg-white p-1.5 text-slate-900 shadow-lg"
        >
          <DropdownMenu.Label className="px-2.5 pb-1.5 pt-1 text-xs text-slate-600">
            Signed in as <span className="block truncate font-medium text-slate-900">{email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClasses} onSelect={() => setDialog("password")}>
            <KeyRound aria-hidden="true" />
            Change password
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClasses} onSelect={() => setDialog("two-factor")}>
            <TwoFactorMenuIcon aria-hidden="true" />
            Two-factor sign-in
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClasses} onSelect={() => setDialog("passkeys")}>
            <PasskeyMenuIcon aria-hidden="true" />
            Passkeys
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClasses} onSelect={() => setDialog("sessions")}>
            <MonitorSmartphone aria-hidden="true" />
            Your sessions
          </DropdownMenu.Item>
          {managesAccounts && (
            <DropdownMenu.Item className={itemClasses} onSelect={() => setDialog("administrators")}>
              <Users aria-hidden="true" />
              Administrators
            </DropdownMenu.Item>
          )}
          {downloadsBackup && (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              {/* Fetched, not a link: the server may first ask for the password again (#app/lib/api.ts). */}
              <DropdownMenu.Item
                className={itemClasses}
                onSelect={() =>
                  void downloadBackup().catch((error: unknown) =>
                    toast.error("Error", { description: (error as Error).message }),
                  )
                }
              >
                <DatabaseBackup aria-hidden="true" />
                Download backup
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <ChangePasswordDialog open={dialog === "password"} onClose={() => setDialog(null)} />
      <TwoFactorDialog open={dialog === "two-factor"} role={role} onClose={() => setDialog(null)} />
      <SessionsDialog open={dialog === "sessions"} onClose={() => setDialog(null)} />
      <PasskeysDialog open={dialog === "passkeys"} onClose={() => setDialog(null)} />
      <AdministratorsDialog
        open={managesAccounts && dialog === "administrators"}
        onClose={() => setDialog(null)}
        onSignedOut={onSignedOut}
      />
    </>
  );
}
