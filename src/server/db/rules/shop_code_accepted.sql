-- docs/RULES.md rule 3 and docs/decisions/0013: whether a code redeems at this shop now. Without
-- rotation, the static code. With rotation, the current period's code, or the previous period's
-- for the first 10 minutes of a period (a member who was told the code just before it changed);
-- the static code is refused then, so a code posted online stops working at the next period.
-- Offline (docs/decisions/0042), judged at the instant the phone says the code was typed: the
-- previous period's code all through the period, as that instant is the phone's clock, not ours.
CREATE OR REPLACE FUNCTION public.shop_code_accepted(p_shop businesses, p_time_zone text, p_code text, p_at timestamp with time zone, p_offline boolean)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  v_period bigint;
BEGIN
  IF p_shop.code_rotation = 'off' THEN RETURN p_shop.redemption_code = p_code; END IF;
  v_period := rotation_period(p_shop.code_rotation, p_time_zone, p_at);
  IF rotating_code(p_shop.code_secret, v_period) = p_code THEN RETURN true; END IF;
  RETURN (p_offline OR p_at < rotation_period_start(p_shop.code_rotation, p_time_zone, v_period) + interval '10 minutes')
    AND rotating_code(p_shop.code_secret, v_period - 1) = p_code;
END
$function$
