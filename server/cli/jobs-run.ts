import { bootstrap } from "../bootstrap";
import { JOBS } from "../jobs/jobs";
import { runJob } from "../jobs/runner";

const USAGE = `Uso: npm run jobs [-- tarefa]   (tarefas: ${JOBS.map((job) => job.name).join(", ")}; sem nome, todas)`;

/**
 * `jobs:run [NAME…]`: runs background jobs once, now (all of them, in order, without a name). On
 * PostgreSQL a job that another process is running is skipped; on the embedded database the
 * server must be stopped first (one process per data directory).
 */
export async function jobsRun(args: string[]): Promise<number> {
  const unknown = args.filter((name) => !JOBS.some((job) => job.name === name));
  if (unknown.length > 0) {
    console.error(`Tarefa desconhecida: ${unknown.join(", ")}.\n${USAGE}`);
    return 2;
  }
  const chosen = args.length === 0 ? JOBS : JOBS.filter((job) => args.includes(job.name));
  let services;
  try {
    services = await bootstrap({ logLevel: "warn" });
  } catch (err) {
    console.error((err as Error).message); // e.g. the server holds the PGlite directory
    return 1;
  }
  try {
    for (const job of chosen) {
      const outcome = await runJob(services, job);
      console.log(outcome.ran ? `${job.name}: ${outcome.count} ${job.counts}.` : `${job.name}: ignorada, outro processo está executando esta tarefa agora.`);
    }
    return 0;
  } catch (err) {
    console.error(`Falha ao executar a tarefa: ${(err as Error).message}`);
    return 1;
  } finally {
    await services.close();
  }
}
