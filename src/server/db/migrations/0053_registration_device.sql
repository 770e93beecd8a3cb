ALTER TABLE "account_tokens" ADD COLUMN "device_hash" text;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD COLUMN "continue_at" text;