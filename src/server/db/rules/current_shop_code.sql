-- docs/decisions/0013: the code a shop's cashier gives now: the static code, or the current period's
-- rotating code with the instant it stops being current. For the shop's own page only.
CREATE OR REPLACE FUNCTION public.current_shop_code(p_shop businesses, p_time_zone text, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  v_period bigint;
BEGIN
  IF p_shop.code_rotation = 'off' THEN
    RETURN jsonb_build_object('code', p_shop.redemption_code, 'rotation', 'off', 'validUntil', NULL);
  END IF;
  v_period := rotation_period(p_shop.code_rotation, p_time_zone, p_now);
  RETURN jsonb_build_object(
    'code', rotating_code(p_shop.code_secret, v_period),
    'rotation', p_shop.code_rotation,
    'validUntil', rotation_period_start(p_shop.code_rotation, p_time_zone, v_period + 1)
  );
END
$function$
