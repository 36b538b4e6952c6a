CREATE TABLE `venue_items` (
	`id` text PRIMARY KEY NOT NULL,
	`venue` text DEFAULT '' NOT NULL,
	`item` text DEFAULT '' NOT NULL,
	`available` integer DEFAULT false NOT NULL,
	`soldOutUntil` text DEFAULT '' NOT NULL,
	`prices` text,
	`created` text DEFAULT '' NOT NULL,
	`updated` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idx_venue_items_venue_item_unique` ON `venue_items` (`venue`,`item`);--> statement-breakpoint
CREATE INDEX `idx_venue_items_item` ON `venue_items` (`item`);--> statement-breakpoint
CREATE INDEX `idx_venue_items_available_soldOutUntil` ON `venue_items` (`available`,`soldOutUntil`);