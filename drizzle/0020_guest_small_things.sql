ALTER TABLE `menus` ADD `hidePrices` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sections` ADD `hidePrices` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `venues` ADD `priceNote` text DEFAULT '' NOT NULL;