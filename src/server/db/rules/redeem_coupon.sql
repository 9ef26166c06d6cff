-- docs/RULES.md rules 2 and 3, the one place a coupon is redeemed: locks the member's pass, then
-- redeem_held_coupon (./redeem_held_coupon.sql) judges. Outcomes: signed-out, no-pass, nonce-reused
-- and redeem_held_coupon's. Online (p_entered_at null) the pass is the active challenge's. Offline
-- (docs/decisions/0042) it is the coupon's own pass, as a sync in the grace after the end may
-- arrive when the next battle is already the active one; every answer is recorded in
-- offline_redemptions with offline, passId, enteredAt and timeZone, and the same nonce again gets
-- it back with replay = true, changing nothing.
CREATE OR REPLACE FUNCTION public.redeem_coupon(p_user_id integer, p_coupon_id integer, p_code text, p_now timestamp with time zone, p_limit_attempts integer[], p_limit_seconds integer[], p_entered_at timestamp with time zone, p_nonce text, p_offline_grace_seconds integer)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_held record;
  v_challenge challenges;
  v_pass passes;
  v_previous offline_redemptions;
  v_answer jsonb;
BEGIN
  IF p_user_id IS NULL THEN RETURN jsonb_build_object('outcome', 'signed-out'); END IF;
  -- Locked first: parallel attempts of one pass are judged one after another, so the limit on
  -- wrong codes counts every attempt and a coupon is redeemed exactly once.
  IF p_entered_at IS NULL THEN
    SELECT * INTO v_held FROM lock_held_pass(p_user_id, p_now);
    v_pass := v_held.held_pass;
    IF v_pass.id IS NULL THEN RETURN jsonb_build_object('outcome', 'no-pass'); END IF;
    RETURN redeem_held_coupon(v_pass, v_held.held_challenge, p_coupon_id, p_code, p_now, NULL, p_offline_grace_seconds, p_limit_attempts, p_limit_seconds);
  END IF;

  SELECT * INTO v_pass FROM passes
  WHERE user_id = p_user_id AND id = (SELECT pass_id FROM coupons WHERE id = p_coupon_id)
  FOR UPDATE;
  IF v_pass.id IS NULL THEN RETURN jsonb_build_object('outcome', 'coupon-not-found'); END IF;
  IF p_nonce IS NOT NULL THEN
    SELECT * INTO v_previous FROM offline_redemptions WHERE pass_id = v_pass.id AND nonce = p_nonce;
    IF v_previous.coupon_id <> p_coupon_id THEN RETURN jsonb_build_object('outcome', 'nonce-reused'); END IF;
    IF v_previous.id IS NOT NULL THEN RETURN v_previous.answer || jsonb_build_object('replay', true); END IF;
  END IF;
  SELECT * INTO v_challenge FROM challenges WHERE id = v_pass.challenge_id;
  v_answer := redeem_held_coupon(v_pass, v_challenge, p_coupon_id, p_code, p_now, p_entered_at, p_offline_grace_seconds, p_limit_attempts, p_limit_seconds)
    || jsonb_build_object('offline', true, 'passId', v_pass.id, 'enteredAt', p_entered_at, 'timeZone', v_challenge.time_zone);
  INSERT INTO offline_redemptions (pass_id, coupon_id, nonce, entered_at, synced_at, answer)
  VALUES (v_pass.id, p_coupon_id, p_nonce, p_entered_at, p_now, v_answer);
  RETURN v_answer;
END
$function$
