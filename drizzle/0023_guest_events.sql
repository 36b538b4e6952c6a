DROP INDEX `idx_guest_stats_venue_menu_day_hour_kind_tableNo_item_unique`;--> statement-breakpoint
ALTER TABLE `guest_stats` ADD `term` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `idx_guest_stats_venue_menu_day_hour_kind_tableNo_item_term_unique` ON `guest_stats` (`venue`,`menu`,`day`,`hour`,`kind`,`tableNo`,`item`,`term`);