CREATE TABLE `guest_stats` (
	`id` text PRIMARY KEY NOT NULL,
	`organization` text DEFAULT '' NOT NULL,
	`venue` text DEFAULT '' NOT NULL,
	`menu` text DEFAULT '' NOT NULL,
	`day` text DEFAULT '' NOT NULL,
	`hour` real DEFAULT 0 NOT NULL,
	`weekday` real DEFAULT 0 NOT NULL,
	`kind` text DEFAULT '' NOT NULL,
	`tableNo` text DEFAULT '' NOT NULL,
	`count` real DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idx_guest_stats_venue_menu_day_hour_kind_tableNo_unique` ON `guest_stats` (`venue`,`menu`,`day`,`hour`,`kind`,`tableNo`);--> statement-breakpoint
CREATE INDEX `idx_guest_stats_organization_day` ON `guest_stats` (`organization`,`day`);