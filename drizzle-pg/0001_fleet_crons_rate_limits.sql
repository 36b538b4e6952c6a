CREATE TABLE "_cronClaims" (
	"job" text NOT NULL,
	"slot" integer NOT NULL,
	"instance" text NOT NULL,
	CONSTRAINT "_cronClaims_job_slot_pk" PRIMARY KEY("job","slot")
);
--> statement-breakpoint
CREATE TABLE "_rateLimits" (
	"key" text NOT NULL,
	"windowStart" bigint NOT NULL,
	"hits" integer NOT NULL,
	"expiresAt" bigint NOT NULL,
	CONSTRAINT "_rateLimits_key_windowStart_pk" PRIMARY KEY("key","windowStart")
);
