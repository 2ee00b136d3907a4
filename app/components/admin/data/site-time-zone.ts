import { createContext, useContext } from "react";
import { DEFAULT_SITE_TIMEZONE } from "#content/time-zone.ts";

/** The site's time zone (SITE_TIMEZONE, from the admin loader): scheduled times are typed and shown in it. */
export const SiteTimeZoneContext = createContext<string>(DEFAULT_SITE_TIMEZONE);

export const useSiteTimeZone = () => useContext(SiteTimeZoneContext);
