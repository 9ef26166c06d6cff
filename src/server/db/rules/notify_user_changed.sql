-- docs/decisions/0031: tells every server instance that a member's row changed (role, email,
-- password, name), so their session caches (src/server/auth/session-cache.ts) forget the row and
-- the member's sessions, whichever instance or script (scripts/create-admin.ts) changed it.
-- Fired by the row trigger on users (drizzle/0016_user_change_notices.sql).
CREATE OR REPLACE FUNCTION public.notify_user_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('lb_user', NEW.id::text);
  RETURN NULL;
END
$function$
