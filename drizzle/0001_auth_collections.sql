CREATE TABLE `_externalAuths` (
	`id` text PRIMARY KEY NOT NULL,
	`collectionRef` text DEFAULT '' NOT NULL,
	`recordRef` text DEFAULT '' NOT NULL,
	`provider` text DEFAULT '' NOT NULL,
	`providerId` text DEFAULT '' NOT NULL,
	`created` text DEFAULT '' NOT NULL,
	`updated` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idx__externalAuths_collectionRef_provider_providerId_unique` ON `_externalAuths` (`collectionRef`,`provider`,`providerId`);--> statement-breakpoint
CREATE INDEX `idx__externalAuths_collectionRef_recordRef` ON `_externalAuths` (`collectionRef`,`recordRef`);--> statement-breakpoint
CREATE TABLE `_otps` (
	`id` text PRIMARY KEY NOT NULL,
	`collectionRef` text DEFAULT '' NOT NULL,
	`recordRef` text DEFAULT '' NOT NULL,
	`codeHash` text DEFAULT '' NOT NULL,
	`sentTo` text DEFAULT '' NOT NULL,
	`created` text DEFAULT '' NOT NULL,
	`updated` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx__otps_collectionRef_recordRef` ON `_otps` (`collectionRef`,`recordRef`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`password` text DEFAULT '' NOT NULL,
	`tokenKey` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`emailVisibility` integer DEFAULT false NOT NULL,
	`verified` integer DEFAULT false NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`avatar` text DEFAULT '' NOT NULL,
	`created` text DEFAULT '' NOT NULL,
	`updated` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idx_users_email_unique` ON `users` ("email" COLLATE NOCASE) WHERE "email" != '';--> statement-breakpoint
CREATE UNIQUE INDEX `idx_users_tokenKey_unique` ON `users` (`tokenKey`);