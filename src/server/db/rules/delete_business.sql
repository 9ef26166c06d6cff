-- docs/RULES.md rule 8: the shop leaves every list (soft delete), its redeemed coupons stay on record
-- (it is owed their value), and the votes cast for it are deleted with its counter, so they return
-- to their voters' available votes. Returns whether a live shop was deleted. Locks only the shop: a
-- vote for it waits and then finds it gone, and a rule holding it (reset, pass switch) finishes first.
CREATE OR REPLACE FUNCTION public.delete_business(p_business_id integer, p_now timestamp with time zone)
 RETURNS boolean
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE businesses SET deleted_at = p_now, vote_count = 0 WHERE id = p_business_id AND deleted_at IS NULL;
  IF NOT FOUND THEN RETURN false; END IF;
  DELETE FROM votes WHERE business_id = p_business_id;
  RETURN true;
END
$function$
