CREATE TABLE `help_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`user` text DEFAULT '' NOT NULL,
	`organization` text DEFAULT '' NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`sessionReplayUrl` text DEFAULT '' NOT NULL,
	`status` text DEFAULT '' NOT NULL,
	`created` text DEFAULT '' NOT NULL,
	`updated` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_help_requests_user` ON `help_requests` (`user`);--> statement-breakpoint
CREATE INDEX `idx_help_requests_organization` ON `help_requests` (`organization`);--> statement-breakpoint
CREATE TABLE `items` (
	`id` text PRIMARY KEY NOT NULL,
	`section` text DEFAULT '' NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`prices` text,
	`image` text DEFAULT '' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`allergens` text DEFAULT '[]' NOT NULL,
	`mayContain` text DEFAULT '[]' NOT NULL,
	`available` integer DEFAULT false NOT NULL,
	`soldOutUntil` text DEFAULT '' NOT NULL,
	`position` real DEFAULT 0 NOT NULL,
	`translations` text,
	`created` text DEFAULT '' NOT NULL,
	`updated` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_items_section_position` ON `items` (`section`,`position`);--> statement-breakpoint
CREATE INDEX `idx_items_available_soldOutUntil` ON `items` (`available`,`soldOutUntil`);--> statement-breakpoint
CREATE TABLE `memberships` (
	`id` text PRIMARY KEY NOT NULL,
	`organization` text DEFAULT '' NOT NULL,
	`user` text DEFAULT '' NOT NULL,
	`role` text DEFAULT '' NOT NULL,
	`created` text DEFAULT '' NOT NULL,
	`updated` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idx_memberships_organization_user_unique` ON `memberships` (`organization`,`user`);--> statement-breakpoint
CREATE INDEX `idx_memberships_user` ON `memberships` (`user`);--> statement-breakpoint
CREATE TABLE `menu_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`organization` text DEFAULT '' NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`file` text DEFAULT '' NOT NULL,
	`status` text DEFAULT '' NOT NULL,
	`error` text DEFAULT '' NOT NULL,
	`pages` real DEFAULT 0 NOT NULL,
	`progress` real DEFAULT 0 NOT NULL,
	`draft` text,
	`menu` text DEFAULT '' NOT NULL,
	`created` text DEFAULT '' NOT NULL,
	`updated` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_menu_uploads_organization_created` ON `menu_uploads` (`organization`,`created`);--> statement-breakpoint
CREATE INDEX `idx_menu_uploads_status` ON `menu_uploads` (`status`);--> statement-breakpoint
CREATE INDEX `idx_menu_uploads_menu` ON `menu_uploads` (`menu`);--> statement-breakpoint
CREATE TABLE `menus` (
	`id` text PRIMARY KEY NOT NULL,
	`organization` text DEFAULT '' NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`status` text DEFAULT '' NOT NULL,
	`schedule` text,
	`languages` text,
	`created` text DEFAULT '' NOT NULL,
	`updated` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_menus_organization_updated` ON `menus` (`organization`,`updated`);--> statement-breakpoint
CREATE TABLE `organizations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`slug` text DEFAULT '' NOT NULL,
	`subscriptionStatus` text DEFAULT '' NOT NULL,
	`plan` text DEFAULT '' NOT NULL,
	`billingInterval` text DEFAULT '' NOT NULL,
	`trialEndsAt` text DEFAULT '' NOT NULL,
	`currentPeriodEnd` text DEFAULT '' NOT NULL,
	`cancelAtPeriodEnd` integer DEFAULT false NOT NULL,
	`currency` text DEFAULT '' NOT NULL,
	`defaultLanguage` text DEFAULT '' NOT NULL,
	`stripeCustomerId` text DEFAULT '' NOT NULL,
	`stripeSubscriptionId` text DEFAULT '' NOT NULL,
	`created` text DEFAULT '' NOT NULL,
	`updated` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idx_organizations_slug_unique` ON `organizations` (`slug`);--> statement-breakpoint
CREATE INDEX `idx_organizations_subscriptionStatus_trialEndsAt` ON `organizations` (`subscriptionStatus`,`trialEndsAt`);--> statement-breakpoint
CREATE INDEX `idx_organizations_plan` ON `organizations` (`plan`);--> statement-breakpoint
CREATE TABLE `plans` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text DEFAULT '' NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`priceMonthly` real DEFAULT 0 NOT NULL,
	`priceYearly` real DEFAULT 0 NOT NULL,
	`currency` text DEFAULT '' NOT NULL,
	`features` text,
	`limits` text,
	`trialDays` real DEFAULT 0 NOT NULL,
	`active` integer DEFAULT false NOT NULL,
	`position` real DEFAULT 0 NOT NULL,
	`stripePriceMonthly` text DEFAULT '' NOT NULL,
	`stripePriceYearly` text DEFAULT '' NOT NULL,
	`created` text DEFAULT '' NOT NULL,
	`updated` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idx_plans_code_unique` ON `plans` (`code`);--> statement-breakpoint
CREATE INDEX `idx_plans_active_position` ON `plans` (`active`,`position`);--> statement-breakpoint
CREATE TABLE `sections` (
	`id` text PRIMARY KEY NOT NULL,
	`menu` text DEFAULT '' NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`position` real DEFAULT 0 NOT NULL,
	`translations` text,
	`created` text DEFAULT '' NOT NULL,
	`updated` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_sections_menu_position` ON `sections` (`menu`,`position`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` text PRIMARY KEY NOT NULL,
	`organization` text DEFAULT '' NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`color` text DEFAULT '' NOT NULL,
	`created` text DEFAULT '' NOT NULL,
	`updated` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_tags_organization_name` ON `tags` (`organization`,`name`);--> statement-breakpoint
CREATE TABLE `venues` (
	`id` text PRIMARY KEY NOT NULL,
	`organization` text DEFAULT '' NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`slug` text DEFAULT '' NOT NULL,
	`timezone` text DEFAULT '' NOT NULL,
	`primaryColor` text DEFAULT '' NOT NULL,
	`currency` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`logo` text DEFAULT '' NOT NULL,
	`menus` text DEFAULT '[]' NOT NULL,
	`originalMenu` text DEFAULT '' NOT NULL,
	`created` text DEFAULT '' NOT NULL,
	`updated` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idx_venues_slug_unique` ON `venues` (`slug`);--> statement-breakpoint
CREATE INDEX `idx_venues_organization_name` ON `venues` (`organization`,`name`);--> statement-breakpoint
CREATE INDEX `idx_venues_originalMenu` ON `venues` (`originalMenu`);--> statement-breakpoint
ALTER TABLE `users` ADD `onboardingComplete` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `currentOrganization` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `idx_users_currentOrganization` ON `users` (`currentOrganization`);