-- docs/decisions/0031: tells every server instance that sessions of these members ended or
-- changed (sign-out, password reset, expiry clean-up), so their session caches
-- (src/server/auth/session-cache.ts) forget them. One notice per member and statement; NOTIFY is
-- delivered at commit, never on rollback. Fired by the statement triggers on sessions
-- (drizzle/0016_user_change_notices.sql).
CREATE OR REPLACE FUNCTION public.notify_sessions_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('lb_user', user_id) FROM (
    SELECT DISTINCT data ->> 'userId' AS user_id FROM changed_sessions
  ) AS members WHERE user_id IS NOT NULL;
  RETURN NULL;
END
$function$
