-- PgBus created _bus_outbox itself before this migration: where it did, the table is already this one.
CREATE TABLE IF NOT EXISTS "_bus_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payload" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"data" text DEFAULT '{}' NOT NULL,
	"created" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "_bus_outbox_created" ON "_bus_outbox" USING btree ("created");--> statement-breakpoint
CREATE INDEX "idx_logs_created" ON "_logs" USING btree ("created");--> statement-breakpoint
CREATE INDEX "idx_logs_level" ON "_logs" USING btree ("level");