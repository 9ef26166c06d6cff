-- Hand-written (docs/decisions/0032): every instance keeps what it last sent a pass holder, so a
-- change to the pass row itself (switched off or on by a refund or dispute, by whichever instance,
-- webhook or script) is announced on lb_pass with the pass id. The function's body is installed
-- from src/server/db/rules/ right after migrating (src/server/db/client.ts).
-- Placeholder: the trigger needs its function to exist; the body is the rule file's.
CREATE OR REPLACE FUNCTION public.notify_pass_changed() RETURNS trigger LANGUAGE plpgsql
AS $function$ BEGIN RETURN NULL; END $function$;
--> statement-breakpoint
CREATE TRIGGER passes_notify_update AFTER UPDATE ON passes
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION notify_pass_changed();
