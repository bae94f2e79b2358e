// What routes need from the outside: the database and the token service.
import type { Database } from './db/client';
import type { AuthDeps } from './access/auth';

export interface AppContext extends AuthDeps {
  database: Database;
}

export interface RouteOptions {
  ctx: AppContext;
}
