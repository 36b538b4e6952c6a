CREATE TABLE `venue_options` (
	`id` text PRIMARY KEY NOT NULL,
	`venue` text DEFAULT '' NOT NULL,
	`option` text DEFAULT '' NOT NULL,
	`available` integer DEFAULT false NOT NULL,
	`soldOutUntil` text DEFAULT '' NOT NULL,
	`created` text DEFAULT '' NOT NULL,
	`updated` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idx_venue_options_venue_option_unique` ON `venue_options` (`venue`,`option`);--> statement-breakpoint
CREATE INDEX `idx_venue_options_option` ON `venue_options` (`option`);--> statement-breakpoint
CREATE INDEX `idx_venue_options_available_soldOutUntil` ON `venue_options` (`available`,`soldOutUntil`);