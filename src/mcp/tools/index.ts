import type { Tool } from '../tool.js';
import { getAgentTool } from './agents/get-agent.js';
import { updateAgentTool } from './agents/update-agent.js';
import { cancelAutomationRunTool } from './automations/cancel-automation-run.js';
import { getAutomationRunTool } from './automations/get-automation-run.js';
import { getAutomationTool } from './automations/get-automation.js';
import { listAutomationsTool } from './automations/list-automations.js';
import { listAutomationRunsTool } from './automations/list-automation-runs.js';
import { triggerAutomationTool } from './automations/trigger-automation.js';
import { createQueryTool } from './queries/create-query.js';
import { executeQueryTool } from './queries/execute-query.js';
import { getQueryTool } from './queries/get-query.js';
import { listQueriesTool } from './queries/list-queries.js';
import { listQueryRunsTool } from './queries/list-query-runs.js';
import { updateQueryTool } from './queries/update-query.js';
import { listRecentFailuresTool } from './runs/list-recent-failures.js';
import { getQueryRunTool } from './runs/get-query-run.js';
import { getChatSessionTool } from './sessions/get-chat-session.js';
import { updateChatSessionTool } from './sessions/update-chat-session.js';
import { getSkillTool } from './skills/get-skill.js';
import { upsertSkillTool } from './skills/upsert-skill.js';

/** Every tool, in the order a client lists them: reading, running, then changing (only with --allow-writes). */
export const tools: Tool[] = [
  listQueriesTool,
  getQueryTool,
  listQueryRunsTool,
  getQueryRunTool,
  listAutomationsTool,
  getAutomationTool,
  listAutomationRunsTool,
  getAutomationRunTool,
  getAgentTool,
  getSkillTool,
  getChatSessionTool,
  listRecentFailuresTool,
  executeQueryTool,
  createQueryTool,
  updateQueryTool,
  triggerAutomationTool,
  cancelAutomationRunTool,
  updateAgentTool,
  upsertSkillTool,
  updateChatSessionTool,
];
