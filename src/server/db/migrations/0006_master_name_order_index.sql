DROP INDEX "products_master_name_idx";--> statement-breakpoint
CREATE INDEX "products_master_name_idx" ON "products" USING btree ("name","id") WHERE "products"."organisation_id" is null;