import { describe, expect, it, vi } from 'vitest';
import { createBackgroundTasks } from './background.js';

describe('background tasks', () => {
  it('starts a task only after the current turn (the reply goes first) and settles once it ends', async () => {
    const logger = { error: vi.fn() };
    const tasks = createBackgroundTasks(logger);
    const order: string[] = [];
    tasks.run('mail', async () => {
      order.push('task started');
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push('task ended');
    });
    order.push('reply sent');
    await tasks.settled();
    expect(order).toEqual(['reply sent', 'task started', 'task ended']);
  });

  it('logs a failed task instead of throwing, and waits for tasks started while settling', async () => {
    const logger = { error: vi.fn() };
    const tasks = createBackgroundTasks(logger);
    let later = false;
    tasks.run('code', async () => {
      tasks.run('notice', async () => {
        later = true;
      });
      throw new Error('SMTP down');
    });
    await expect(tasks.settled()).resolves.toBeUndefined();
    expect(later).toBe(true);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ task: 'code', err: expect.any(Error) }),
      'code failed',
    );
  });
});
