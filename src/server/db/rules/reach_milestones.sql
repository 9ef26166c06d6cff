-- docs/decisions/0046: the milestones a pass reaches with its redeem, judged inside redeem_held_coupon
-- (./redeem_held_coupon.sql) while it holds the pass's lock, so a pass reaches a tier exactly once.
-- Each tier's row is locked (in id order, after the pass and any shop) before its stock is counted,
-- so two redeems at once can never both take its last item. Issues each reward with a pick-up code
-- of 6 characters without look-alikes (0/O, 1/I/L) and answers [{shops, reward, translations,
-- pickupCode}]: the reward in the site's other languages too, for the answer and its mail (docs/decisions/0050).
CREATE OR REPLACE FUNCTION public.reach_milestones(p_pass passes, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_visited integer;
  v_milestone milestones;
  v_code text;
  v_reached jsonb := '[]'::jsonb;
BEGIN
  SELECT count(*) INTO v_visited FROM coupons WHERE pass_id = p_pass.id AND redeemed;
  FOR v_milestone IN
    SELECT * FROM milestones m
    WHERE m.challenge_id = p_pass.challenge_id AND m.shops <= v_visited
      AND NOT EXISTS (SELECT 1 FROM rewards r WHERE r.milestone_id = m.id AND r.pass_id = p_pass.id AND r.voided_at IS NULL)
    ORDER BY m.id
    FOR UPDATE
  LOOP
    CONTINUE WHEN v_milestone.stock IS NOT NULL AND v_milestone.stock <= (
      SELECT count(*) FROM rewards WHERE milestone_id = v_milestone.id AND voided_at IS NULL);
    LOOP
      SELECT string_agg(substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', 1 + get_byte(random_bytes.b, i) % 31, 1), '' ORDER BY i)
      INTO v_code
      FROM (SELECT uuid_send(gen_random_uuid()) AS b) AS random_bytes, generate_series(0, 5) AS i;
      EXIT WHEN NOT EXISTS (SELECT 1 FROM rewards WHERE pickup_code = v_code);
    END LOOP;
    INSERT INTO rewards (milestone_id, pass_id, pickup_code, reached_at)
    VALUES (v_milestone.id, p_pass.id, v_code, p_now);
    v_reached := v_reached || jsonb_build_array(jsonb_build_object(
      'shops', v_milestone.shops, 'reward', v_milestone.reward,
      'translations', v_milestone.translations, 'pickupCode', v_code));
  END LOOP;
  RETURN v_reached;
END
$function$
