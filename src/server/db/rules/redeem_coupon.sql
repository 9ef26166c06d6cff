-- docs/RULES.md rules 2 and 3, the one place a coupon is redeemed. Outcomes: signed-out, no-pass,
-- coupon-not-found, refused (pass_refusal), already-redeemed,
-- paused and daily-cap (with shopName, dailyCap), locked (with retryAt), wrong-code (the attempt is
-- recorded; with triesLeft, the wrong codes the fullest window still takes before the lock), redeemed. Earns a vote but moves no counter: votes are counted when cast. A shop with a
-- daily cap is locked after the pass, as in every rule, so two members cannot both take its last
-- coupon of the day.
CREATE OR REPLACE FUNCTION public.redeem_coupon(p_user_id integer, p_coupon_id integer, p_code text, p_now timestamp with time zone, p_limit_attempts integer[], p_limit_seconds integer[])
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_held record;
  v_challenge challenges;
  v_pass passes;
  v_refusal jsonb;
  v_coupon coupons;
  v_shop businesses;
  v_retry_at timestamptz;
  v_day_start timestamptz;
BEGIN
  IF p_user_id IS NULL THEN RETURN jsonb_build_object('outcome', 'signed-out'); END IF;
  -- Locked first: parallel attempts of one pass are judged one after another, so the limit on
  -- wrong codes counts every attempt and a coupon is redeemed exactly once.
  SELECT * INTO v_held FROM lock_held_pass(p_user_id, p_now);
  v_challenge := v_held.held_challenge;
  v_pass := v_held.held_pass;
  IF v_pass.id IS NULL THEN RETURN jsonb_build_object('outcome', 'no-pass'); END IF;

  -- Someone else's coupon is "not found", as is one for a deleted shop.
  SELECT * INTO v_coupon FROM coupons WHERE id = p_coupon_id AND pass_id = v_pass.id;
  IF FOUND THEN
    SELECT * INTO v_shop FROM businesses WHERE id = v_coupon.business_id AND deleted_at IS NULL;
  END IF;
  IF v_shop.id IS NULL THEN RETURN jsonb_build_object('outcome', 'coupon-not-found'); END IF;

  v_refusal := pass_refusal(v_pass, v_challenge, p_now);
  IF v_refusal IS NOT NULL THEN RETURN v_refusal; END IF;
  IF v_coupon.redeemed THEN
    RETURN jsonb_build_object('outcome', 'already-redeemed', 'shopName', v_shop.name);
  END IF;
  IF v_shop.paused THEN RETURN jsonb_build_object('outcome', 'paused', 'shopName', v_shop.name); END IF;
  IF v_shop.daily_cap IS NOT NULL THEN
    PERFORM 1 FROM businesses WHERE id = v_shop.id FOR UPDATE;
    v_day_start := rotation_period_start('daily', v_challenge.time_zone, rotation_period('daily', v_challenge.time_zone, p_now));
    IF (SELECT count(*) FROM coupons WHERE business_id = v_shop.id AND redeemed AND redeemed_at >= v_day_start) >= v_shop.daily_cap THEN
      RETURN jsonb_build_object('outcome', 'daily-cap', 'shopName', v_shop.name, 'dailyCap', v_shop.daily_cap);
    END IF;
  END IF;

  -- For each full window, the pass waits until the oldest attempt keeping it full leaves it.
  SELECT max(blocking.attempted_at + make_interval(secs => window_limit.seconds)) INTO v_retry_at
  FROM unnest(p_limit_attempts, p_limit_seconds) AS window_limit(attempts, seconds)
  CROSS JOIN LATERAL (
    SELECT attempted_at FROM redemption_attempts
    WHERE pass_id = v_pass.id AND attempted_at > p_now - make_interval(secs => window_limit.seconds)
    ORDER BY attempted_at DESC
    OFFSET window_limit.attempts - 1 LIMIT 1
  ) AS blocking;
  IF v_retry_at IS NOT NULL THEN
    RETURN jsonb_build_object('outcome', 'locked', 'retryAt', v_retry_at);
  END IF;

  IF NOT shop_code_accepted(v_shop, v_challenge.time_zone, p_code, p_now) THEN
    INSERT INTO redemption_attempts (pass_id, coupon_id, attempted_at) VALUES (v_pass.id, v_coupon.id, p_now);
    RETURN jsonb_build_object('outcome', 'wrong-code', 'triesLeft', (
      SELECT min(window_limit.attempts - (
        SELECT count(*) FROM redemption_attempts
        WHERE pass_id = v_pass.id AND attempted_at > p_now - make_interval(secs => window_limit.seconds)))
      FROM unnest(p_limit_attempts, p_limit_seconds) AS window_limit(attempts, seconds)));
  END IF;

  UPDATE coupons SET redeemed = true, redeemed_at = p_now WHERE id = v_coupon.id RETURNING * INTO v_coupon;
  RETURN jsonb_build_object(
    'outcome', 'redeemed',
    'coupon', to_jsonb(v_coupon),
    'business', to_jsonb(v_shop) - 'redemption_code' - 'code_secret' - 'shop_link_hash',
    'availableVotes', available_votes(v_pass.id)
  );
END
$function$
