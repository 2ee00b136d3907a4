import { createContext, useContext } from "react";
import type { Role } from "#content/roles.ts";

/**
 * The signed-in account's role (content/roles.ts), given by the admin panel: components show only
 * what it may use. The server enforces the same table; this only keeps controls that would be
 * refused, or ignored, off the screen.
 */
export const RoleContext = createContext<Role>("administrator");

export const useRole = () => useContext(RoleContext);
