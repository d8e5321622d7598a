import { describe, expect, it } from 'vitest';
import { prettyPrintContent, prettyPrintJson, prettyPrintXml } from './pretty-print';

describe('prettyPrintJson', () => {
  it('indents objects and arrays by two spaces', () => {
    expect(prettyPrintJson('{"amount":1000,"card":{"pan":"4111********1111"},"tags":["a",1]}')).toBe(
      [
        '{',
        '  "amount": 1000,',
        '  "card": {',
        '    "pan": "4111********1111"',
        '  },',
        '  "tags": [',
        '    "a",',
        '    1',
        '  ]',
        '}',
      ].join('\n'),
    );
  });

  it('leaves text that does not parse unchanged', () => {
    expect(prettyPrintJson('{"amount": 10')).toBe('{"amount": 10');
  });
});

describe('prettyPrintXml', () => {
  it('puts each element on its own line, nested ones indented by two spaces', () => {
    const xml =
      '<?xml version="1.0"?><Document><GrpHdr><MsgId>ABC-1</MsgId><CreDtTm>2026-02-03T14:05:09</CreDtTm></GrpHdr><Empty/><Note></Note></Document>';
    expect(prettyPrintXml(xml)).toBe(
      [
        '<?xml version="1.0"?>',
        '<Document>',
        '  <GrpHdr>',
        '    <MsgId>ABC-1</MsgId>',
        '    <CreDtTm>2026-02-03T14:05:09</CreDtTm>',
        '  </GrpHdr>',
        '  <Empty/>',
        '  <Note></Note>',
        '</Document>',
      ].join('\n'),
    );
  });

  it('re-indents XML that was already laid out, dropping the whitespace between tags', () => {
    expect(prettyPrintXml('<a>\n    <b>1</b>\n\t<c x="1"/>\n</a>\n')).toBe(
      ['<a>', '  <b>1</b>', '  <c x="1"/>', '</a>'].join('\n'),
    );
  });

  it('keeps attributes, including a > inside a quoted value, comments and CDATA', () => {
    expect(prettyPrintXml('<a rule="x > 1" id=\'2\'><!-- <b>not a tag</b> --><![CDATA[<raw>]]></a>')).toBe(
      ['<a rule="x > 1" id=\'2\'>', '  <!-- <b>not a tag</b> -->', '  <![CDATA[<raw>]]>', '</a>'].join('\n'),
    );
  });

  it('puts mixed content on separate lines', () => {
    expect(prettyPrintXml('<p>Amount <b>10</b> due</p>')).toBe(
      ['<p>', '  Amount', '  <b>10</b>', '  due', '</p>'].join('\n'),
    );
  });

  it('leaves text that is not markup unchanged', () => {
    expect(prettyPrintXml('<a unclosed')).toBe('<a unclosed');
    expect(prettyPrintXml('< 5 and more')).toBe('< 5 and more');
  });
});

describe('prettyPrintContent', () => {
  it('recognises JSON, XML and plain text by their first character', () => {
    expect(prettyPrintContent(' [1,2]')).toBe('[\n  1,\n  2\n]');
    expect(prettyPrintContent('<a><b>1</b></a>')).toBe('<a>\n  <b>1</b>\n</a>');
  });

  it('shows plain text as it is, whitespace included', () => {
    const iso8583 = 'MTI=0100\n  F002=4111********1111  \nF004=000000001000';
    expect(prettyPrintContent(iso8583)).toBe(iso8583);
  });
});
