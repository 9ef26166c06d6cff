-- docs/decisions/0013: the instant a period of rotation_period begins (a daily period at midnight in
-- the challenge's time zone). Also the start of a shop's 'today' for caps and its page.
CREATE OR REPLACE FUNCTION public.rotation_period_start(p_rotation text, p_time_zone text, p_period bigint)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN CASE p_rotation
    WHEN 'hourly' THEN to_timestamp(p_period * 3600)
    WHEN 'daily' THEN (date '1970-01-01' + p_period::integer)::timestamp AT TIME ZONE p_time_zone
  END;
END
$function$
