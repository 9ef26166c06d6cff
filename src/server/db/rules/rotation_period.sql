-- docs/decisions/0013: the period a rotating code belongs to. Hourly: hours since the epoch. Daily:
-- days since the epoch of the date in the challenge's time zone, so a daily code changes at the
-- city's midnight. Null when the shop does not rotate.
CREATE OR REPLACE FUNCTION public.rotation_period(p_rotation text, p_time_zone text, p_at timestamp with time zone)
 RETURNS bigint
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN CASE p_rotation
    WHEN 'hourly' THEN floor(extract(epoch FROM p_at) / 3600)::bigint
    WHEN 'daily' THEN ((p_at AT TIME ZONE p_time_zone)::date - date '1970-01-01')::bigint
  END;
END
$function$
