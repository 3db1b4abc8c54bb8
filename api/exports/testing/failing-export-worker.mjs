// An export thread that cannot start (export-thread.test.ts): a missing module, a broken install.
throw new Error('this export thread cannot start')
