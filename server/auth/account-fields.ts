import { z } from "zod";

/** An administrator's email and password, as the accounts page and `npm run admin` accept them. */
export const emailField = z.email("Enter a valid email address.").max(320);
export const passwordField = z
  .string()
  .min(8, "Use at least 8 characters.")
  .max(1_000, "Use at most 1,000 characters.");
