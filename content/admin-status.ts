/**
 * GET /api/admin/status (server/assembly/create-app.ts): whether the database
 * answers, and how many content sections the site has, as the admin's home
 * shows them. Shared by browser and server.
 */
export interface AdminStatus {
  database: "connected" | "unavailable";
  contentLoaded: boolean;
  sections: number;
}
