-- docs/RULES.md rules 2 and 3: the judgement of redeem_coupon (./redeem_coupon.sql) once it holds
-- the pass's lock. Outcomes: coupon-not-found, offline-refused (with reason, shopName, syncBy),
-- refused (pass_refusal), already-redeemed, paused and daily-cap (with shopName, dailyCap; each
-- shopName comes with shopTranslations, its name in the other languages), locked (with retryAt),
-- wrong-code (the attempt is recorded; with triesLeft, the wrong codes the fullest window still
-- takes before the lock), redeemed (with votable: whether the battle still takes its
-- vote, passVotes: false for a voucher's free pass the battle does not let vote, and rewards: the
-- milestones reached, by reach_milestones, ./reach_milestones.sql). Earns a vote but moves no counter: votes are counted when cast. A shop with a daily cap is
-- locked after the pass, as in every rule, so two members cannot both take its last coupon of the
-- day. Offline (p_entered_at set, docs/decisions/0042) the code, the pass and the battle's phase are
-- judged at p_entered_at, everything that counts now (caps, pause, the wrong-code limit) at p_now.
CREATE OR REPLACE FUNCTION public.redeem_held_coupon(p_pass passes, p_challenge challenges, p_coupon_id integer, p_code text, p_now timestamp with time zone, p_entered_at timestamp with time zone, p_offline_grace_seconds integer, p_limit_attempts integer[], p_limit_seconds integer[])
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_at timestamptz := coalesce(p_entered_at, p_now);
  v_refusal jsonb;
  v_late text;
  v_coupon coupons;
  v_shop businesses;
  v_retry_at timestamptz;
  v_day_start timestamptz;
BEGIN
  -- Someone else's coupon is "not found", as is one for a deleted shop.
  SELECT * INTO v_coupon FROM coupons WHERE id = p_coupon_id AND pass_id = p_pass.id;
  IF FOUND THEN
    SELECT * INTO v_shop FROM businesses WHERE id = v_coupon.business_id AND deleted_at IS NULL;
  END IF;
  IF v_shop.id IS NULL THEN RETURN jsonb_build_object('outcome', 'coupon-not-found'); END IF;

  -- Offline, the phone's instant is believed only within a day, only if it reached us by the
  -- battle's end plus the grace, and only when the pass and the shop's coupon existed then (rule 7).
  IF p_entered_at IS NOT NULL THEN
    v_late := CASE
      WHEN p_entered_at > p_now + interval '5 minutes' THEN 'in-future'
      WHEN p_entered_at < p_now - interval '24 hours' THEN 'too-old'
      WHEN p_now > p_challenge.end_date + make_interval(secs => p_offline_grace_seconds) THEN 'too-late'
      WHEN p_entered_at < p_pass.purchase_date THEN 'before-pass'
      WHEN p_entered_at < v_shop.created_at THEN 'before-shop'
    END;
    IF v_late IS NOT NULL THEN
      RETURN jsonb_build_object('outcome', 'offline-refused', 'reason', v_late, 'shopName', v_shop.name,
        'shopTranslations', v_shop.translations,
        'syncBy', p_challenge.end_date + make_interval(secs => p_offline_grace_seconds));
    END IF;
  END IF;

  v_refusal := pass_refusal(p_pass, p_challenge, v_at);
  IF v_refusal IS NOT NULL THEN RETURN v_refusal; END IF;
  IF v_coupon.redeemed THEN
    RETURN jsonb_build_object('outcome', 'already-redeemed', 'shopName', v_shop.name,
      'shopTranslations', v_shop.translations);
  END IF;
  IF v_shop.paused THEN
    RETURN jsonb_build_object('outcome', 'paused', 'shopName', v_shop.name,
      'shopTranslations', v_shop.translations);
  END IF;
  IF v_shop.daily_cap IS NOT NULL THEN
    PERFORM 1 FROM businesses WHERE id = v_shop.id FOR UPDATE;
    v_day_start := rotation_period_start('daily', p_challenge.time_zone, rotation_period('daily', p_challenge.time_zone, p_now));
    IF (SELECT count(*) FROM coupons WHERE business_id = v_shop.id AND redeemed AND redeemed_at >= v_day_start) >= v_shop.daily_cap THEN
      RETURN jsonb_build_object('outcome', 'daily-cap', 'shopName', v_shop.name,
        'shopTranslations', v_shop.translations, 'dailyCap', v_shop.daily_cap);
    END IF;
  END IF;

  -- For each full window, the pass waits until the oldest attempt keeping it full leaves it.
  SELECT max(blocking.attempted_at + make_interval(secs => window_limit.seconds)) INTO v_retry_at
  FROM unnest(p_limit_attempts, p_limit_seconds) AS window_limit(attempts, seconds)
  CROSS JOIN LATERAL (
    SELECT attempted_at FROM redemption_attempts
    WHERE pass_id = p_pass.id AND attempted_at > p_now - make_interval(secs => window_limit.seconds)
    ORDER BY attempted_at DESC
    OFFSET window_limit.attempts - 1 LIMIT 1
  ) AS blocking;
  IF v_retry_at IS NOT NULL THEN
    RETURN jsonb_build_object('outcome', 'locked', 'retryAt', v_retry_at);
  END IF;

  IF NOT shop_code_accepted(v_shop, p_challenge.time_zone, p_code, v_at, p_entered_at IS NOT NULL) THEN
    INSERT INTO redemption_attempts (pass_id, coupon_id, attempted_at) VALUES (p_pass.id, v_coupon.id, p_now);
    RETURN jsonb_build_object('outcome', 'wrong-code', 'triesLeft', (
      SELECT min(window_limit.attempts - (
        SELECT count(*) FROM redemption_attempts
        WHERE pass_id = p_pass.id AND attempted_at > p_now - make_interval(secs => window_limit.seconds)))
      FROM unnest(p_limit_attempts, p_limit_seconds) AS window_limit(attempts, seconds)));
  END IF;

  -- Counted now: an offline redemption's vote is usable from its sync (redeemed_at = synced_at).
  UPDATE coupons
  SET redeemed = true, redeemed_at = p_now, entered_at = p_entered_at,
    synced_at = CASE WHEN p_entered_at IS NOT NULL THEN p_now END
  WHERE id = v_coupon.id RETURNING * INTO v_coupon;
  RETURN jsonb_build_object(
    'outcome', 'redeemed',
    'coupon', to_jsonb(v_coupon),
    'business', to_jsonb(v_shop) - 'redemption_code' - 'code_secret' - 'shop_link_hash',
    'availableVotes', available_votes(p_pass.id),
    'votable', challenge_phase(p_challenge.start_date, p_challenge.end_date, p_now) = 'running',
    'passVotes', p_pass.voucher_id IS NULL OR p_challenge.voucher_passes_vote,
    'rewards', reach_milestones(p_pass, p_now)
  );
END
$function$
