ALTER TABLE "businesses" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_coordinates_paired" CHECK (("businesses"."latitude" IS NULL) = ("businesses"."longitude" IS NULL));--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_latitude_range" CHECK ("businesses"."latitude" BETWEEN -90 AND 90);--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_longitude_range" CHECK ("businesses"."longitude" BETWEEN -180 AND 180);