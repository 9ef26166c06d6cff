-- docs/decisions/0033: a payout is the organizer's record of money paid; it is never deleted or
-- rewritten, whatever code runs. The one change allowed is voiding it once (voided_at, voided_by,
-- void_reason set together, checked by payouts_void_complete); everything else stays as recorded.
-- Fired before an update or delete of a payout (drizzle/0018_payout_voids.sql).
CREATE OR REPLACE FUNCTION public.guard_payout_record()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'payouts are never deleted: void it with a reason instead'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.voided_at IS NOT NULL
    OR (NEW.id, NEW.business_id, NEW.amount_dollars, NEW.paid_at, NEW.paid_by)
      IS DISTINCT FROM (OLD.id, OLD.business_id, OLD.amount_dollars, OLD.paid_at, OLD.paid_by)
    OR NEW.note IS DISTINCT FROM OLD.note THEN
    RAISE EXCEPTION 'a payout is kept as recorded: it can only be voided, once'
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$function$
