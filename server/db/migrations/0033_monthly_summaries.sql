CREATE TABLE "monthly_summaries" (
	"host_id" text NOT NULL,
	"month" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monthly_summaries_host_id_month_pk" PRIMARY KEY("host_id","month")
);
--> statement-breakpoint
CREATE TABLE "monthly_summary_months" (
	"month" date PRIMARY KEY NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "monthly_summary_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_summaries" ADD CONSTRAINT "monthly_summaries_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;