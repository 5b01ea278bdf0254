import { escapeHtml, formatMoment, myDataHtml, myDataJson, type MyData } from './privacyApi';

const data: MyData = {
  exported_at: '2026-11-23T15:00:00.000Z',
  university: { id: 'u1', name: 'Northfield <University>' },
  profile: { id: 's1', first_name: '<img src=x onerror=alert(1)>', last_name: 'Okoro', email: 'ada@northfield.edu', created_at: '2026-01-05T10:00:00.000Z' },
  health_profile: { student_id: 's1', genotype: 'AA', blood_group: 'O+', disabled: false, allergies: ['Peanuts & "nuts"'], bmi: 22.5 },
  appointments: [{ id: 'a1', date: '2026-11-26T14:00:00.000Z', reason: 'Check-up', status: 'scheduled', provider_name: 'Dr Amelia Adams' }],
  health_record_views: [
    { viewed_at: '2026-11-23T14:00:00.000Z', viewer_name: 'Dr Amelia Adams', viewer_role: 'doctor', screen: 'Patient record' },
    { viewed_at: '2026-11-22T14:00:00.000Z', viewer_name: 'A former staff member', viewer_role: null, screen: null },
  ],
};

describe('my data as a file and a printable page', () => {
  it('escapes every character that could start markup', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('writes the JSON exactly as the database returned it, indented', () => {
    expect(JSON.parse(myDataJson(data))).toEqual(data);
  });

  it('prints every section with the values escaped and without scripts', () => {
    const html = myDataHtml(data);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Northfield &lt;University&gt;');
    expect(html).toContain('Peanuts &amp; &quot;nuts&quot;');

    document.documentElement.innerHTML = html.replace(/^<!doctype html>\n/, '');
    const captions = Array.from(document.querySelectorAll('caption')).map((caption) => caption.textContent);
    expect(captions).toEqual(['Profile', 'Health profile', 'Appointments', 'Who viewed my health record']);
    const views = Array.from(document.querySelectorAll('table:last-of-type tbody tr')).map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent));
    expect(views).toEqual([
      [formatMoment('2026-11-23T14:00:00.000Z'), 'Dr Amelia Adams', 'Doctor', 'Patient record'],
      [formatMoment('2026-11-22T14:00:00.000Z'), 'A former staff member', 'Former staff member', 'Not recorded'],
    ]);
  });

  it('says so when there is no health profile, appointment or view yet', () => {
    const html = myDataHtml({ ...data, health_profile: null, appointments: [], health_record_views: [] });
    expect(html).toContain('You have not answered the health questionnaire yet.');
    expect(html).toContain('No appointments.');
    expect(html).toContain('Nobody has viewed your health record.');
  });
});
