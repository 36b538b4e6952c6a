CREATE TABLE `_cronClaims` (
	`job` text NOT NULL,
	`slot` integer NOT NULL,
	`instance` text NOT NULL,
	PRIMARY KEY(`job`, `slot`)
);
--> statement-breakpoint
CREATE TABLE `_rateLimits` (
	`key` text NOT NULL,
	`windowStart` integer NOT NULL,
	`hits` integer NOT NULL,
	`expiresAt` integer NOT NULL,
	PRIMARY KEY(`key`, `windowStart`)
);
