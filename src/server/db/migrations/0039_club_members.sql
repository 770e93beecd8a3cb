ALTER TABLE "organisations" DROP CONSTRAINT "organisations_min_membership_days_non_negative";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "left_on" date;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "no_other_club_declared_on" date;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "no_other_club_recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "residence_declared_on" date;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "residence_recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "team_user_id" uuid;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "min_membership_months" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_no_other_club_recorded_by_users_id_fk" FOREIGN KEY ("no_other_club_recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_residence_recorded_by_users_id_fk" FOREIGN KEY ("residence_recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_team_user_id_users_id_fk" FOREIGN KEY ("team_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_team_user_unique" ON "customers" USING btree ("organisation_id","team_user_id") WHERE "customers"."team_user_id" is not null;--> statement-breakpoint
-- The old waiting period before the first hand-out is not the statutes' minimum membership
-- (§ 16 Abs. 5 KCanG): it is not carried over; each club records its statutes' months.
ALTER TABLE "organisations" DROP COLUMN "min_membership_days";--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_team_user_is_member" CHECK ("customers"."team_user_id" is null or "customers"."kind" = 'member');--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_min_membership_months_statutory" CHECK ("organisations"."min_membership_months" is null or "organisations"."min_membership_months" >= 3);