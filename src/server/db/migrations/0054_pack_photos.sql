-- Pack photos (§ 10 HWG, ADR 081): a product image reaches the shop only once confirmed as a
-- photo of the pack. Images stored before are unconfirmed (false) and stay out of the shop.
ALTER TABLE "products" ADD COLUMN "image_is_pack_photo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pack_photo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pack_photo_file_id_stored_files_id_fk" FOREIGN KEY ("pack_photo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pack_photo_confirmed" CHECK (case when "products"."image_is_pack_photo" then "products"."image_file_id" is not null and "products"."pack_photo_file_id" is not null else "products"."pack_photo_file_id" is null end);