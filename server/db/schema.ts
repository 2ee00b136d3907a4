import type { Generated } from "kysely";

/** Table shapes as Kysely sees them; dates are ISO-8601 text so SQLite and PostgreSQL agree. */
export interface Database {
  documents: {
    key: string;
    version: number;
    data: string;
    updated_at: string;
    updated_by: string | null;
  };
  revisions: {
    id: Generated<number>;
    key: string;
    version: number;
    data: string;
    created_at: string;
    created_by: string | null;
    restored_from: number | null;
  };
  users: {
    id: Generated<number>;
    email: string;
    password_hash: string;
    created_at: string;
  };
  sessions: {
    id: string;
    user_id: number;
    created_at: string;
    expires_at: string;
  };
  contact_messages: {
    id: Generated<number>;
    name: string;
    email: string;
    company: string;
    message: string;
    ip: string | null;
    user_agent: string | null;
    created_at: string;
    read_at: string | null;
  };
}
