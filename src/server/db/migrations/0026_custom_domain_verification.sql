ALTER TABLE "tenants" DROP CONSTRAINT "tenants_custom_domain_unique";--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "custom_domain_token" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "custom_domain_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "custom_domain_checked_at" timestamp with time zone;--> statement-breakpoint
-- Domains set before verification existed stay unverified: each gets a token to prove it with.
UPDATE "tenants" SET "custom_domain_token" = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') WHERE "custom_domain" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_verified_domain_unique" ON "tenants" USING btree ("custom_domain") WHERE "tenants"."custom_domain_verified_at" is not null;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_custom_domain_token" CHECK (("tenants"."custom_domain" is null) = ("tenants"."custom_domain_token" is null));--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_custom_domain_verified" CHECK ("tenants"."custom_domain_verified_at" is null or "tenants"."custom_domain" is not null);