-- docs/decisions/0032: tells every server instance that a pass was switched off or on (refund,
-- dispute) or otherwise changed, so their member answers (src/server/member-reads/member-answers.ts)
-- forget what its holder was last sent, whichever instance, webhook or script changed it. Fired by
-- the row trigger on passes (drizzle/0017_pass_change_notices.sql). Redeems and votes, the hot
-- writes, announce their pass once committed instead (ChangeFeed.announcePassChange).
CREATE OR REPLACE FUNCTION public.notify_pass_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('lb_pass', NEW.id::text);
  RETURN NULL;
END
$function$
