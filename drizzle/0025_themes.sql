ALTER TABLE `menus` ADD `layout` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `venues` ADD `cover` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `venues` ADD `fontPairing` text DEFAULT '' NOT NULL;