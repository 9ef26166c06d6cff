-- docs/RULES.md rule 2: each redeemed coupon earns one vote; available = redeemed − votes for live
-- shops, never below zero (votes for a deleted shop return to the voter, rule 8). The votes are
-- found through the pass's index and each one's shop looked up by key: written as a join, the
-- planner could start from every live shop when its statistics were missing or stale (most of a
-- redeem's time in the write benchmark); this form costs the same whatever the statistics say.
-- A free pass from a voucher has none while its battle's voucher_passes_vote is off (rule 24).
CREATE OR REPLACE FUNCTION public.available_votes(p_pass_id integer)
 RETURNS integer
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  IF EXISTS (SELECT FROM passes p JOIN challenges c ON c.id = p.challenge_id
             WHERE p.id = p_pass_id AND p.voucher_id IS NOT NULL AND NOT c.voucher_passes_vote) THEN
    RETURN 0;
  END IF;
  RETURN greatest(0,
    (SELECT count(*) FROM coupons WHERE pass_id = p_pass_id AND redeemed)
    - (SELECT count(*) FROM votes v
       WHERE v.pass_id = p_pass_id
         AND (SELECT b.deleted_at IS NULL FROM businesses b WHERE b.id = v.business_id)))::integer;
END
$function$
