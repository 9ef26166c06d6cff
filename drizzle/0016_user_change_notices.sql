-- Hand-written (docs/decisions/0031): every instance keeps signed-in sessions and user rows in
-- memory, so every change that could make them wrong is announced on lb_user with the member's
-- id: a session ended or changed (sign-out, password reset, expiry clean-up) and any change to
-- the user row (role, email, password), by whichever instance or script made it. The functions'
-- bodies are installed from src/server/db/rules/ right after migrating (src/server/db/client.ts).
-- Placeholders: each trigger needs its function to exist; the bodies are the rule files'.
CREATE OR REPLACE FUNCTION public.notify_sessions_changed() RETURNS trigger LANGUAGE plpgsql
AS $function$ BEGIN RETURN NULL; END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.notify_user_changed() RETURNS trigger LANGUAGE plpgsql
AS $function$ BEGIN RETURN NULL; END $function$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_update AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS changed_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS changed_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER users_notify_update AFTER UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
