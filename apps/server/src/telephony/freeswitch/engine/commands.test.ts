import { describe, expect, it } from 'vitest';
import { CommandArgumentError, clickToCallCommand, hangupCommand, transferCommand } from './commands';

const request = { domainName: 'tenant-a.example', extension: '1001', dest: '0312345678' };

describe('Event Socket commands', () => {
  it('refuses arguments that would split into other arguments, variables or commands', () => {
    for (const dest of ['031 234', '0312,x=1', '0312\napi hupall', '9196 XML other', '', 'park+5901']) {
      expect(() => clickToCallCommand({ ...request, dest }, 'm'), dest).toThrow(CommandArgumentError);
    }
    for (const extension of ['10 01', '1001@x', '']) {
      expect(() => clickToCallCommand({ ...request, extension }, 'm'), extension).toThrow(
        CommandArgumentError,
      );
    }
    expect(() => clickToCallCommand({ ...request, domainName: 'a b' }, 'm')).toThrow(CommandArgumentError);
    expect(() => clickToCallCommand(request, 'm,x=1')).toThrow(CommandArgumentError);
    expect(() => hangupCommand('u u')).toThrow(CommandArgumentError);
    expect(() => transferCommand('u', '1001 XML b.example', 'tenant-a.example')).toThrow(
      CommandArgumentError,
    );
    expect(() => transferCommand('u', '1001', 'tenant-a.example\nexit')).toThrow(CommandArgumentError);
  });

  it('is a refusal the API reports as the caller’s mistake', () => {
    expect(() => hangupCommand('u u')).toThrow(expect.objectContaining({ failure: 'invalid' }));
  });

  it('builds the commands FreeSWITCH takes', () => {
    expect(hangupCommand('4ac85ddf-ae06-4f8b-b5a8-a085e981a719')).toBe(
      'uuid_kill 4ac85ddf-ae06-4f8b-b5a8-a085e981a719',
    );
    expect(transferCommand('u1', 'park+5903', 'tenant-a.example')).toBe(
      'uuid_transfer u1 -bleg park+5903 XML tenant-a.example',
    );
    expect(transferCommand('u1', '*331002', 'tenant-a.example')).toBe(
      'uuid_transfer u1 -bleg *331002 XML tenant-a.example',
    );
    expect(clickToCallCommand({ ...request, dest: '*001' }, 'm')).toContain(
      '}user/1001@tenant-a.example *001 XML tenant-a.example',
    );
  });
});
