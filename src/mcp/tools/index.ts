import type { Tool } from '../tool.js';
import { getAgentTool } from './agents/get.js';
import { updateAgentTool } from './agents/update.js';
import { cancelAutomationRunTool } from './automations/cancel.js';
import { getAutomationRunTool } from './automations/get-run.js';
import { getAutomation } from './automations/get.js';
import { listAutomations } from './automations/list.js';
import { listAutomationRuns } from './automations/runs.js';
import { triggerAutomationTool } from './automations/trigger.js';
import { createQueryTool } from './queries/create.js';
import { executeQueryTool } from './queries/execute.js';
import { getQuery } from './queries/get.js';
import { listQueries } from './queries/list.js';
import { listQueryRuns } from './queries/runs.js';
import { updateQueryTool } from './queries/update.js';
import { listRecentFailures } from './runs/failures.js';
import { getQueryRunTool } from './runs/get.js';
import { getChatSessionTool } from './sessions/get.js';
import { updateChatSessionTool } from './sessions/update.js';
import { getSkillTool } from './skills/get.js';
import { upsertSkillTool } from './skills/upsert.js';

/** Every tool, in the order a client lists them: reading, running, then changing (only with --allow-writes). */
export const tools: Tool[] = [
  listQueries,
  getQuery,
  listQueryRuns,
  getQueryRunTool,
  listAutomations,
  getAutomation,
  listAutomationRuns,
  getAutomationRunTool,
  getAgentTool,
  getSkillTool,
  getChatSessionTool,
  listRecentFailures,
  executeQueryTool,
  createQueryTool,
  updateQueryTool,
  triggerAutomationTool,
  cancelAutomationRunTool,
  updateAgentTool,
  upsertSkillTool,
  updateChatSessionTool,
];
