// Hand-written facts of the works shard (demo-works). The year is the one usually given for
// the work: first publication, or first performance for plays and music (for a few
// compositions, the year of completion). Languages are those of the text (libretto or lyrics
// for vocal music); instrumental music has none.

// genre slug|English label
export const genres = `
novel|novel
novella|novella
short_stories|short stories
fairy_tales|fairy tales
childrens_book|children's book
play|play
poetry|poetry
essay|essay
memoir|memoir
history|history
philosophy|philosophy
economics|economics
psychology|psychology
scientific_paper|scientific paper
scientific_treatise|scientific treatise
popular_science|popular science
opera|opera
symphony|symphony
concerto|concerto
symphonic_poem|symphonic poem
orchestral_work|orchestral work
ballet|ballet
oratorio|oratorio
choral_work|choral work
song_cycle|song cycle
piano_work|piano work
incidental_music|incidental music
`;

// language code (ISO 639-1)|English label
export const languages = `
be|Belarusian
bg|Bulgarian
cs|Czech
da|Danish
de|German
el|Greek
en|English
es|Spanish
et|Estonian
fi|Finnish
fr|French
ga|Irish
hr|Croatian
hu|Hungarian
is|Icelandic
it|Italian
la|Latin
lb|Luxembourgish
lt|Lithuanian
lv|Latvian
nl|Dutch
no|Norwegian
pl|Polish
pt|Portuguese
rm|Romansh
ro|Romanian
ru|Russian
sk|Slovak
sl|Slovene
sr|Serbian
sv|Swedish
uk|Ukrainian
`;

// slug|creators|year|kind (L literary, M musical, S scholarly)|genre|languages|titles (lang:title;...)|based on
export const works = `
Notre-Dame_de_Paris|Victor_Hugo|1831|L|novel|fr|fr:Notre-Dame de Paris;en:The Hunchback of Notre-Dame|
Les_Miserables|Victor_Hugo|1862|L|novel|fr|fr:Les Misérables|
Le_Pere_Goriot|Honore_de_Balzac|1835|L|novel|fr|fr:Le Père Goriot;en:Father Goriot|
Madame_Bovary|Gustave_Flaubert|1857|L|novel|fr|fr:Madame Bovary|
L_Education_sentimentale|Gustave_Flaubert|1869|L|novel|fr|fr:L'Éducation sentimentale;en:Sentimental Education|
Du_cote_de_chez_Swann|Marcel_Proust|1913|L|novel|fr|fr:Du côté de chez Swann;en:Swann's Way|
A_l_ombre_des_jeunes_filles_en_fleurs|Marcel_Proust|1919|L|novel|fr|fr:À l'ombre des jeunes filles en fleurs;en:In the Shadow of Young Girls in Flower|
L_Etranger|Albert_Camus|1942|L|novel|fr|fr:L'Étranger;en:The Stranger|
La_Peste|Albert_Camus|1947|L|novel|fr|fr:La Peste;en:The Plague|
La_Nausee|Jean-Paul_Sartre|1938|L|novel|fr|fr:La Nausée;en:Nausea|
L_Etre_et_le_Neant|Jean-Paul_Sartre|1943|S|philosophy|fr|fr:L'Être et le Néant;en:Being and Nothingness|
Le_Deuxieme_Sexe|Simone_de_Beauvoir|1949|S|philosophy|fr|fr:Le Deuxième Sexe;en:The Second Sex|
Les_Mandarins|Simone_de_Beauvoir|1954|L|novel|fr|fr:Les Mandarins;en:The Mandarins|
Les_Faux-monnayeurs|Andre_Gide|1925|L|novel|fr|fr:Les Faux-monnayeurs;en:The Counterfeiters|
La_Condition_humaine|Andre_Malraux|1933|L|novel|fr|fr:La Condition humaine;en:Man's Fate|
L_Amant|Marguerite_Duras|1984|L|novel|fr|fr:L'Amant;en:The Lover|
Rue_des_Boutiques_Obscures|Patrick_Modiano|1978|L|novel|fr|fr:Rue des Boutiques Obscures;en:Missing Person|
Les_Racines_du_ciel|Romain_Gary|1956|L|novel|fr|fr:Les Racines du ciel;en:The Roots of Heaven|
Le_Feu|Henri_Barbusse|1916|L|novel|fr|fr:Le Feu;en:Under Fire|
Germinal|Emile_Zola|1885|L|novel|fr|fr:Germinal|
Le_Comte_de_Monte-Cristo|Alexandre_Dumas|1844|L|novel|fr|fr:Le Comte de Monte-Cristo;en:The Count of Monte Cristo|
Voyage_au_centre_de_la_Terre|Jules_Verne|1864|L|novel|fr|fr:Voyage au centre de la Terre;en:Journey to the Centre of the Earth|
Vingt_mille_lieues_sous_les_mers|Jules_Verne|1870|L|novel|fr|fr:Vingt mille lieues sous les mers;en:Twenty Thousand Leagues Under the Seas|
Le_Rouge_et_le_Noir|Stendhal|1830|L|novel|fr|fr:Le Rouge et le Noir;en:The Red and the Black|
Tartuffe|Moliere|1664|L|play|fr|fr:Tartuffe|
Candide|Voltaire|1759|L|novella|fr|fr:Candide|
Du_contrat_social|Jean-Jacques_Rousseau|1762|S|philosophy|fr|fr:Du contrat social;en:The Social Contract|
Discours_de_la_methode|Rene_Descartes|1637|S|philosophy|fr|fr:Discours de la méthode;en:Discourse on the Method|
Pensees|Blaise_Pascal|1670|S|philosophy|fr|fr:Pensées;en:Thoughts|
Le_Petit_Prince|Antoine_de_Saint-Exupery|1943|L|childrens_book|fr|fr:Le Petit Prince;en:The Little Prince|
Les_Fleurs_du_mal|Charles_Baudelaire|1857|L|poetry|fr|fr:Les Fleurs du mal;en:The Flowers of Evil|
Carmen_novella|Prosper_Merimee|1845|L|novella|fr|fr:Carmen|
Pelleas_et_Melisande_play|Maurice_Maeterlinck|1892|L|play|fr|fr:Pelléas et Mélisande|
L_Oiseau_bleu|Maurice_Maeterlinck|1908|L|play|fr|fr:L'Oiseau bleu;en:The Blue Bird|
En_attendant_Godot|Samuel_Beckett|1952|L|play|fr|fr:En attendant Godot;en:Waiting for Godot|
Die_Leiden_des_jungen_Werthers|Johann_Wolfgang_von_Goethe|1774|L|novel|de|de:Die Leiden des jungen Werthers;en:The Sorrows of Young Werther|
Faust_I|Johann_Wolfgang_von_Goethe|1808|L|play|de|de:Faust. Der Tragödie erster Teil;en:Faust, Part One|
Erlkonig_poem|Johann_Wolfgang_von_Goethe|1782|L|poetry|de|de:Erlkönig;en:The Erl-King|
Die_Rauber|Friedrich_Schiller|1781|L|play|de|de:Die Räuber;en:The Robbers|
Wilhelm_Tell|Friedrich_Schiller|1804|L|play|de|de:Wilhelm Tell;en:William Tell|
An_die_Freude|Friedrich_Schiller|1786|L|poetry|de|de:An die Freude;en:Ode to Joy|
Buddenbrooks|Thomas_Mann|1901|L|novel|de|de:Buddenbrooks|
Der_Tod_in_Venedig|Thomas_Mann|1912|L|novella|de|de:Der Tod in Venedig;en:Death in Venice|
Der_Zauberberg|Thomas_Mann|1924|L|novel|de|de:Der Zauberberg;en:The Magic Mountain|
Siddhartha|Hermann_Hesse|1922|L|novel|de|de:Siddhartha|
Das_Glasperlenspiel|Hermann_Hesse|1943|L|novel|de|de:Das Glasperlenspiel;en:The Glass Bead Game|
Die_Verwandlung|Franz_Kafka|1915|L|novella|de|de:Die Verwandlung;en:The Metamorphosis|
Der_Process|Franz_Kafka|1925|L|novel|de|de:Der Process;en:The Trial|
Duineser_Elegien|Rainer_Maria_Rilke|1923|L|poetry|de|de:Duineser Elegien;en:Duino Elegies|
Die_Blechtrommel|Gunter_Grass|1959|L|novel|de|de:Die Blechtrommel;en:The Tin Drum|
Die_verlorene_Ehre_der_Katharina_Blum|Heinrich_Boll|1974|L|novel|de|de:Die verlorene Ehre der Katharina Blum;en:The Lost Honour of Katharina Blum|
Im_Westen_nichts_Neues|Erich_Maria_Remarque|1929|L|novel|de|de:Im Westen nichts Neues;en:All Quiet on the Western Front|
Die_Dreigroschenoper|Bertolt_Brecht,Kurt_Weill|1928|L|play|de|de:Die Dreigroschenoper;en:The Threepenny Opera|
Kinder-_und_Hausmarchen|Jacob_Grimm,Wilhelm_Grimm|1812|L|fairy_tales|de|de:Kinder- und Hausmärchen;en:Grimms' Fairy Tales|
Schachnovelle|Stefan_Zweig|1942|L|novella|de|de:Schachnovelle;en:The Royal Game|
Der_Mann_ohne_Eigenschaften|Robert_Musil|1930|L|novel|de|de:Der Mann ohne Eigenschaften;en:The Man Without Qualities|
Die_Weber|Gerhart_Hauptmann|1892|L|play|de|de:Die Weber;en:The Weavers|
Die_Blendung|Elias_Canetti|1935|L|novel|de|de:Die Blendung;en:Auto-da-Fé|
Die_Klavierspielerin|Elfriede_Jelinek|1983|L|novel|de|de:Die Klavierspielerin;en:The Piano Teacher|
Die_Angst_des_Tormanns_beim_Elfmeter|Peter_Handke|1970|L|novel|de|de:Die Angst des Tormanns beim Elfmeter;en:The Goalie's Anxiety at the Penalty Kick|
Atemschaukel|Herta_Muller|2009|L|novel|de|de:Atemschaukel;en:The Hunger Angel|
Kritik_der_reinen_Vernunft|Immanuel_Kant|1781|S|philosophy|de|de:Kritik der reinen Vernunft;en:Critique of Pure Reason|
Phanomenologie_des_Geistes|Georg_Wilhelm_Friedrich_Hegel|1807|S|philosophy|de|de:Phänomenologie des Geistes;en:The Phenomenology of Spirit|
Das_Kapital|Karl_Marx|1867|S|economics|de|de:Das Kapital;en:Capital|
Manifest_der_Kommunistischen_Partei|Karl_Marx,Friedrich_Engels|1848|S|philosophy|de|de:Manifest der Kommunistischen Partei;en:The Communist Manifesto|
Also_sprach_Zarathustra_book|Friedrich_Nietzsche|1883|S|philosophy|de|de:Also sprach Zarathustra;en:Thus Spoke Zarathustra|
Das_Ich_und_das_Es|Sigmund_Freud|1923|S|psychology|de|de:Das Ich und das Es;en:The Ego and the Id|
Enten-Eller|Soren_Kierkegaard|1843|S|philosophy|da|da:Enten – Eller;en:Either/Or|
Ethica|Baruch_Spinoza|1677|S|philosophy|la|la:Ethica, ordine geometrico demonstrata;en:Ethics|
Sonnets|William_Shakespeare|1609|L|poetry|en|en:Shakespeare's Sonnets|
Pride_and_Prejudice|Jane_Austen|1813|L|novel|en|en:Pride and Prejudice;fr:Orgueil et Préjugés;de:Stolz und Vorurteil|
Oliver_Twist|Charles_Dickens|1838|L|novel|en|en:Oliver Twist|
A_Christmas_Carol|Charles_Dickens|1843|L|novella|en|en:A Christmas Carol|
A_Tale_of_Two_Cities|Charles_Dickens|1859|L|novel|en|en:A Tale of Two Cities|
Great_Expectations|Charles_Dickens|1861|L|novel|en|en:Great Expectations|
Frankenstein|Mary_Shelley|1818|L|novel|en|en:Frankenstein; or, The Modern Prometheus|
Jane_Eyre|Charlotte_Bronte|1847|L|novel|en|en:Jane Eyre|
Wuthering_Heights|Emily_Bronte|1847|L|novel|en|en:Wuthering Heights;fr:Les Hauts de Hurlevent;de:Sturmhöhe|
Mrs_Dalloway|Virginia_Woolf|1925|L|novel|en|en:Mrs Dalloway|
To_the_Lighthouse|Virginia_Woolf|1927|L|novel|en|en:To the Lighthouse|
A_Room_of_One_s_Own|Virginia_Woolf|1929|L|essay|en|en:A Room of One's Own|
Dubliners|James_Joyce|1914|L|short_stories|en|en:Dubliners|
A_Portrait_of_the_Artist_as_a_Young_Man|James_Joyce|1916|L|novel|en|en:A Portrait of the Artist as a Young Man|
Ulysses|James_Joyce|1922|L|novel|en|en:Ulysses|
The_Importance_of_Being_Earnest|Oscar_Wilde|1895|L|play|en|en:The Importance of Being Earnest|
Pygmalion|George_Bernard_Shaw|1913|L|play|en|en:Pygmalion|
The_Tower|W_B_Yeats|1928|L|poetry|en|en:The Tower|
Death_of_a_Naturalist|Seamus_Heaney|1966|L|poetry|en|en:Death of a Naturalist|
Animal_Farm|George_Orwell|1945|L|novella|en|en:Animal Farm|
Nineteen_Eighty-Four|George_Orwell|1949|L|novel|en|en:Nineteen Eighty-Four|
Lord_of_the_Flies|William_Golding|1954|L|novel|en|en:Lord of the Flies|
The_Remains_of_the_Day|Kazuo_Ishiguro|1989|L|novel|en|en:The Remains of the Day|
Never_Let_Me_Go|Kazuo_Ishiguro|2005|L|novel|en|en:Never Let Me Go|
Alice_s_Adventures_in_Wonderland|Lewis_Carroll|1865|L|childrens_book|en|en:Alice's Adventures in Wonderland|
The_Hound_of_the_Baskervilles|Arthur_Conan_Doyle|1902|L|novel|en|en:The Hound of the Baskervilles|
Treasure_Island|Robert_Louis_Stevenson|1883|L|novel|en|en:Treasure Island|
Strange_Case_of_Dr_Jekyll_and_Mr_Hyde|Robert_Louis_Stevenson|1886|L|novella|en|en:Strange Case of Dr Jekyll and Mr Hyde|
Waverley|Walter_Scott|1814|L|novel|en|en:Waverley|
The_Hobbit|J_R_R_Tolkien|1937|L|novel|en|en:The Hobbit|
The_Fellowship_of_the_Ring|J_R_R_Tolkien|1954|L|novel|en|en:The Fellowship of the Ring|
Lord_Jim|Joseph_Conrad|1900|L|novel|en|en:Lord Jim|
The_Jungle_Book|Rudyard_Kipling|1894|L|short_stories|en|en:The Jungle Book|
The_Waste_Land|T_S_Eliot|1922|L|poetry|en|en:The Waste Land|
The_Man_of_Property|John_Galsworthy|1906|L|novel|en|en:The Man of Property|
The_Gathering_Storm|Winston_Churchill|1948|L|history|en|en:The Gathering Storm|
The_Birthday_Party|Harold_Pinter|1958|L|play|en|en:The Birthday Party|
The_Golden_Notebook|Doris_Lessing|1962|L|novel|en|en:The Golden Notebook|
Lolita|Vladimir_Nabokov|1955|L|novel|en|en:Lolita|
On_the_Origin_of_Species|Charles_Darwin|1859|S|scientific_treatise|en|en:On the Origin of Species|
Principia|Isaac_Newton|1687|S|scientific_treatise|la|la:Philosophiæ Naturalis Principia Mathematica;en:Mathematical Principles of Natural Philosophy|
The_Wealth_of_Nations|Adam_Smith|1776|S|economics|en|en:An Inquiry into the Nature and Causes of the Wealth of Nations|
A_Treatise_of_Human_Nature|David_Hume|1739|S|philosophy|en|en:A Treatise of Human Nature|
Principia_Mathematica|Alfred_North_Whitehead,Bertrand_Russell|1910|S|scientific_treatise|en|en:Principia Mathematica|
On_Computable_Numbers|Alan_Turing|1936|S|scientific_paper|en|en:On Computable Numbers, with an Application to the Entscheidungsproblem|
A_Dynamical_Theory_of_the_Electromagnetic_Field|James_Clerk_Maxwell|1865|S|scientific_paper|en|en:A Dynamical Theory of the Electromagnetic Field|
The_Principles_of_Quantum_Mechanics|Paul_Dirac|1930|S|scientific_treatise|en|en:The Principles of Quantum Mechanics|
A_Brief_History_of_Time|Stephen_Hawking|1988|S|popular_science|en|en:A Brief History of Time|
What_Is_Life|Erwin_Schrodinger|1944|S|popular_science|en|en:What Is Life?|
On_the_Constitution_of_Atoms_and_Molecules|Niels_Bohr|1913|S|scientific_paper|en|en:On the Constitution of Atoms and Molecules|
Molecular_Structure_of_Nucleic_Acids|James_Watson,Francis_Crick|1953|S|scientific_paper|en|en:Molecular Structure of Nucleic Acids: A Structure for Deoxyribose Nucleic Acid|
On_the_Antibacterial_Action_of_Cultures_of_a_Penicillium|Alexander_Fleming|1929|S|scientific_paper|en|en:On the Antibacterial Action of Cultures of a Penicillium|
The_Scattering_of_Alpha_and_Beta_Particles|Ernest_Rutherford|1911|S|scientific_paper|en|en:The Scattering of α and β Particles by Matter and the Structure of the Atom|
Possible_Existence_of_a_Neutron|James_Chadwick|1932|S|scientific_paper|en|en:Possible Existence of a Neutron|
Broken_Symmetries_and_the_Masses_of_Gauge_Bosons|Peter_Higgs|1964|S|scientific_paper|en|en:Broken Symmetries and the Masses of Gauge Bosons|
Zur_Elektrodynamik_bewegter_Korper|Albert_Einstein|1905|S|scientific_paper|de|de:Zur Elektrodynamik bewegter Körper;en:On the Electrodynamics of Moving Bodies|
Die_Grundlage_der_allgemeinen_Relativitatstheorie|Albert_Einstein|1916|S|scientific_paper|de|de:Die Grundlage der allgemeinen Relativitätstheorie;en:The Foundation of the General Theory of Relativity|
Quantentheoretische_Umdeutung|Werner_Heisenberg|1925|S|scientific_paper|de|de:Über quantentheoretische Umdeutung kinematischer und mechanischer Beziehungen|
Quantisierung_als_Eigenwertproblem|Erwin_Schrodinger|1926|S|scientific_paper|de|de:Quantisierung als Eigenwertproblem;en:Quantization as an Eigenvalue Problem|
Uber_das_Gesetz_der_Energieverteilung_im_Normalspectrum|Max_Planck|1901|S|scientific_paper|de|de:Über das Gesetz der Energieverteilung im Normalspectrum;en:On the Law of Distribution of Energy in the Normal Spectrum|
Uber_eine_neue_Art_von_Strahlen|Wilhelm_Rontgen|1895|S|scientific_paper|de|de:Über eine neue Art von Strahlen;en:On a New Kind of Rays|
Uber_formal_unentscheidbare_Satze|Kurt_Godel|1931|S|scientific_paper|de|de:Über formal unentscheidbare Sätze der Principia Mathematica und verwandter Systeme I;en:On Formally Undecidable Propositions of Principia Mathematica and Related Systems I|
Grundlagen_der_Geometrie|David_Hilbert|1899|S|scientific_treatise|de|de:Grundlagen der Geometrie;en:The Foundations of Geometry|
Versuche_uber_Pflanzen-Hybriden|Gregor_Mendel|1866|S|scientific_paper|de|de:Versuche über Pflanzen-Hybriden;en:Experiments on Plant Hybridization|
Recherches_sur_les_substances_radioactives|Marie_Curie|1903|S|scientific_treatise|fr|fr:Recherches sur les substances radioactives;en:Research on Radioactive Substances|
Recherches_sur_la_theorie_des_quanta|Louis_de_Broglie|1924|S|scientific_treatise|fr|fr:Recherches sur la théorie des quanta;en:Research on the Theory of the Quanta|
Traite_elementaire_de_chimie|Antoine_Lavoisier|1789|S|scientific_treatise|fr|fr:Traité élémentaire de chimie;en:Elementary Treatise of Chemistry|
Disquisitiones_Arithmeticae|Carl_Friedrich_Gauss|1801|S|scientific_treatise|la|la:Disquisitiones Arithmeticae|
Introductio_in_analysin_infinitorum|Leonhard_Euler|1748|S|scientific_treatise|la|la:Introductio in analysin infinitorum|
De_revolutionibus_orbium_coelestium|Nicolaus_Copernicus|1543|S|scientific_treatise|la|la:De revolutionibus orbium coelestium;en:On the Revolutions of the Heavenly Spheres|
Sidereus_Nuncius|Galileo_Galilei|1610|S|scientific_treatise|la|la:Sidereus Nuncius;en:Starry Messenger|
Dialogo_sopra_i_due_massimi_sistemi_del_mondo|Galileo_Galilei|1632|S|scientific_treatise|it|it:Dialogo sopra i due massimi sistemi del mondo;en:Dialogue Concerning the Two Chief World Systems|
Astronomia_nova|Johannes_Kepler|1609|S|scientific_treatise|la|la:Astronomia nova|
Systema_Naturae|Carl_Linnaeus|1735|S|scientific_treatise|la|la:Systema Naturae|
Don_Quijote|Miguel_de_Cervantes|1605|L|novel|es|es:El ingenioso hidalgo don Quijote de la Mancha;en:Don Quixote|
Platero_y_yo|Juan_Ramon_Jimenez|1914|L|poetry|es|es:Platero y yo;en:Platero and I|
Romancero_gitano|Federico_Garcia_Lorca|1928|L|poetry|es|es:Romancero gitano;en:Gypsy Ballads|
Bodas_de_sangre|Federico_Garcia_Lorca|1933|L|play|es|es:Bodas de sangre;en:Blood Wedding|
La_familia_de_Pascual_Duarte|Camilo_Jose_Cela|1942|L|novel|es|es:La familia de Pascual Duarte;en:The Family of Pascual Duarte|
Los_intereses_creados|Jacinto_Benavente|1907|L|play|es|es:Los intereses creados;en:The Bonds of Interest|
El_gran_Galeoto|Jose_Echegaray|1881|L|play|es|es:El gran Galeoto;en:The Great Galeoto|
Mensagem|Fernando_Pessoa|1934|L|poetry|pt|pt:Mensagem;en:Message|
O_Evangelho_segundo_Jesus_Cristo|Jose_Saramago|1991|L|novel|pt|pt:O Evangelho segundo Jesus Cristo;en:The Gospel According to Jesus Christ|
Ensaio_sobre_a_Cegueira|Jose_Saramago|1995|L|novel|pt|pt:Ensaio sobre a Cegueira;en:Blindness|
I_promessi_sposi|Alessandro_Manzoni|1827|L|novel|it|it:I promessi sposi;en:The Betrothed|
Il_Principe|Niccolo_Machiavelli|1532|S|philosophy|it|it:Il Principe;en:The Prince|
Il_nome_della_rosa|Umberto_Eco|1980|L|novel|it|it:Il nome della rosa;en:The Name of the Rose|
Se_questo_e_un_uomo|Primo_Levi|1947|L|memoir|it|it:Se questo è un uomo;en:If This Is a Man|
Sei_personaggi_in_cerca_d_autore|Luigi_Pirandello|1921|L|play|it|it:Sei personaggi in cerca d'autore;en:Six Characters in Search of an Author|
Canne_al_vento|Grazia_Deledda|1913|L|novel|it|it:Canne al vento;en:Reeds in the Wind|
Ossi_di_seppia|Eugenio_Montale|1925|L|poetry|it|it:Ossi di seppia;en:Cuttlefish Bones|
Il_barone_rampante|Italo_Calvino|1957|L|novel|it|it:Il barone rampante;en:The Baron in the Trees|
Se_una_notte_d_inverno_un_viaggiatore|Italo_Calvino|1979|L|novel|it|it:Se una notte d'inverno un viaggiatore;en:If on a Winter's Night a Traveler|
Morte_accidentale_di_un_anarchico|Dario_Fo|1970|L|play|it|it:Morte accidentale di un anarchico;en:Accidental Death of an Anarchist|
Crime_and_Punishment|Fyodor_Dostoevsky|1866|L|novel|ru|ru:Преступление и наказание;en:Crime and Punishment;fr:Crime et Châtiment;de:Schuld und Sühne|
The_Brothers_Karamazov|Fyodor_Dostoevsky|1880|L|novel|ru|ru:Братья Карамазовы;en:The Brothers Karamazov|
War_and_Peace|Leo_Tolstoy|1869|L|novel|ru|ru:Война и мир;en:War and Peace;fr:La Guerre et la Paix;de:Krieg und Frieden|
Anna_Karenina|Leo_Tolstoy|1878|L|novel|ru|ru:Анна Каренина;en:Anna Karenina|
Eugene_Onegin_novel|Alexander_Pushkin|1833|L|poetry|ru|ru:Евгений Онегин;en:Eugene Onegin|
The_Seagull|Anton_Chekhov|1896|L|play|ru|ru:Чайка;en:The Seagull|
The_Cherry_Orchard|Anton_Chekhov|1904|L|play|ru|ru:Вишнёвый сад;en:The Cherry Orchard|
The_Master_and_Margarita|Mikhail_Bulgakov|1967|L|novel|ru|ru:Мастер и Маргарита;en:The Master and Margarita|
Doctor_Zhivago|Boris_Pasternak|1957|L|novel|ru|ru:Доктор Живаго;en:Doctor Zhivago|
The_Gentleman_from_San_Francisco|Ivan_Bunin|1915|L|short_stories|ru|ru:Господин из Сан-Франциско;en:The Gentleman from San Francisco|
One_Day_in_the_Life_of_Ivan_Denisovich|Aleksandr_Solzhenitsyn|1962|L|novella|ru|ru:Один день Ивана Денисовича;en:One Day in the Life of Ivan Denisovich|
The_Gulag_Archipelago|Aleksandr_Solzhenitsyn|1973|L|history|ru|ru:Архипелаг ГУЛАГ;en:The Gulag Archipelago|
Eventyr_fortalte_for_Born|Hans_Christian_Andersen|1835|L|fairy_tales|da|da:Eventyr, fortalte for Børn;en:Fairy Tales Told for Children|
Den_lille_Havfrue|Hans_Christian_Andersen|1837|L|fairy_tales|da|da:Den lille Havfrue;en:The Little Mermaid|
Peer_Gynt_play|Henrik_Ibsen|1867|L|play|no|no:Peer Gynt|
Et_dukkehjem|Henrik_Ibsen|1879|L|play|no|no:Et dukkehjem;en:A Doll's House|
Sult|Knut_Hamsun|1890|L|novel|no|no:Sult;en:Hunger|
Kristin_Lavransdatter|Sigrid_Undset|1920|L|novel|no|no:Kristin Lavransdatter|
Froken_Julie|August_Strindberg|1888|L|play|sv|sv:Fröken Julie;en:Miss Julie|
Nils_Holgerssons_underbara_resa|Selma_Lagerlof|1906|L|childrens_book|sv|sv:Nils Holgerssons underbara resa genom Sverige;en:The Wonderful Adventures of Nils|
Pippi_Langstrump|Astrid_Lindgren|1945|L|childrens_book|sv|sv:Pippi Långstrump;en:Pippi Longstocking|
Sjutton_dikter|Tomas_Transtromer|1954|L|poetry|sv|sv:17 dikter;en:17 Poems|
Nesnesitelna_lehkost_byti|Milan_Kundera|1984|L|novel|cs|cs:Nesnesitelná lehkost bytí;en:The Unbearable Lightness of Being|
R_U_R|Karel_Capek|1920|L|play|cs|cs:R.U.R.|
Quo_vadis|Henryk_Sienkiewicz|1896|L|novel|pl|pl:Quo vadis|
Ziemia_obiecana|Wladyslaw_Reymont|1899|L|novel|pl|pl:Ziemia obiecana;en:The Promised Land|
Zniewolony_umysl|Czeslaw_Milosz|1953|L|essay|pl|pl:Zniewolony umysł;en:The Captive Mind|
Koniec_i_poczatek|Wislawa_Szymborska|1993|L|poetry|pl|pl:Koniec i początek;en:The End and the Beginning|
Bieguni|Olga_Tokarczuk|2007|L|novel|pl|pl:Bieguni;en:Flights|
Prowadz_swoj_plug_przez_kosci_umarlych|Olga_Tokarczuk|2009|L|novel|pl|pl:Prowadź swój pług przez kości umarłych;en:Drive Your Plow Over the Bones of the Dead|
Na_Drini_cuprija|Ivo_Andric|1945|L|novel|sr|sr:На Дрини ћуприја;en:The Bridge on the Drina|
L_Orfeo|Claudio_Monteverdi|1607|M|opera|it|it:L'Orfeo|
Brandenburg_Concertos|Johann_Sebastian_Bach|1721|M|concerto||en:Brandenburg Concertos;de:Brandenburgische Konzerte|
St_Matthew_Passion|Johann_Sebastian_Bach|1727|M|oratorio|de|de:Matthäus-Passion;en:St Matthew Passion|
Goldberg_Variations|Johann_Sebastian_Bach|1741|M|piano_work||en:Goldberg Variations;de:Goldberg-Variationen|
Mass_in_B_minor|Johann_Sebastian_Bach|1749|M|choral_work|la|en:Mass in B minor;de:h-Moll-Messe|
Water_Music|George_Frideric_Handel|1717|M|orchestral_work||en:Water Music|
Messiah|George_Frideric_Handel|1742|M|oratorio|en|en:Messiah|
The_Four_Seasons|Antonio_Vivaldi|1725|M|concerto||it:Le quattro stagioni;en:The Four Seasons|
Le_nozze_di_Figaro|Wolfgang_Amadeus_Mozart|1786|M|opera|it|it:Le nozze di Figaro;en:The Marriage of Figaro|
Don_Giovanni|Wolfgang_Amadeus_Mozart|1787|M|opera|it|it:Don Giovanni|
Eine_kleine_Nachtmusik|Wolfgang_Amadeus_Mozart|1787|M|orchestral_work||de:Eine kleine Nachtmusik;en:A Little Night Music|
Die_Zauberflote|Wolfgang_Amadeus_Mozart|1791|M|opera|de|de:Die Zauberflöte;en:The Magic Flute|
Requiem_Mozart|Wolfgang_Amadeus_Mozart|1791|M|choral_work|la|en:Requiem in D minor|
Die_Schopfung|Joseph_Haydn|1798|M|oratorio|de|de:Die Schöpfung;en:The Creation|
Fidelio|Ludwig_van_Beethoven|1805|M|opera|de|de:Fidelio|
Symphony_No_5_Beethoven|Ludwig_van_Beethoven|1808|M|symphony||en:Symphony No. 5 in C minor|
Symphony_No_9_Beethoven|Ludwig_van_Beethoven|1824|M|symphony|de|en:Symphony No. 9 in D minor|An_die_Freude
Il_barbiere_di_Siviglia|Gioachino_Rossini|1816|M|opera|it|it:Il barbiere di Siviglia;en:The Barber of Seville|
Guillaume_Tell|Gioachino_Rossini|1829|M|opera|fr|fr:Guillaume Tell;en:William Tell|Wilhelm_Tell
Symphonie_fantastique|Hector_Berlioz|1830|M|symphony||fr:Symphonie fantastique|
La_Damnation_de_Faust|Hector_Berlioz|1846|M|opera|fr|fr:La Damnation de Faust;en:The Damnation of Faust|Faust_I
Piano_Concerto_Clara_Schumann|Clara_Schumann|1835|M|concerto||en:Piano Concerto in A minor, Op. 7|
Preludes_Op_28|Frederic_Chopin|1839|M|piano_work||en:24 Preludes, Op. 28|
Elijah|Felix_Mendelssohn|1846|M|oratorio|en|en:Elijah;de:Elias|
Faust_Symphony|Franz_Liszt|1857|M|symphony|de|en:A Faust Symphony;de:Eine Faust-Symphonie|Faust_I
Nabucco|Giuseppe_Verdi|1842|M|opera|it|it:Nabucco|
Rigoletto|Giuseppe_Verdi|1851|M|opera|it|it:Rigoletto|
La_traviata|Giuseppe_Verdi|1853|M|opera|it|it:La traviata|
Aida|Giuseppe_Verdi|1871|M|opera|it|it:Aida|
Otello|Giuseppe_Verdi|1887|M|opera|it|it:Otello|
Lohengrin|Richard_Wagner|1850|M|opera|de|de:Lohengrin|
Tristan_und_Isolde|Richard_Wagner|1865|M|opera|de|de:Tristan und Isolde|
Der_Ring_des_Nibelungen|Richard_Wagner|1876|M|opera|de|de:Der Ring des Nibelungen;en:The Ring of the Nibelung|
Parsifal|Richard_Wagner|1882|M|opera|de|de:Parsifal|
Ein_deutsches_Requiem|Johannes_Brahms|1868|M|choral_work|de|de:Ein deutsches Requiem;en:A German Requiem|
Prodana_nevesta|Bedrich_Smetana|1866|M|opera|cs|cs:Prodaná nevěsta;en:The Bartered Bride|
Ma_vlast|Bedrich_Smetana|1882|M|symphonic_poem||cs:Má vlast;en:My Country|
Carmen_opera|Georges_Bizet|1875|M|opera|fr|fr:Carmen|Carmen_novella
Piano_Concerto_No_1_Tchaikovsky|Pyotr_Ilyich_Tchaikovsky|1875|M|concerto||en:Piano Concerto No. 1 in B-flat minor|
Swan_Lake|Pyotr_Ilyich_Tchaikovsky|1877|M|ballet||ru:Лебединое озеро;en:Swan Lake|
Eugene_Onegin_opera|Pyotr_Ilyich_Tchaikovsky|1879|M|opera|ru|ru:Евгений Онегин;en:Eugene Onegin|Eugene_Onegin_novel
The_Nutcracker|Pyotr_Ilyich_Tchaikovsky|1892|M|ballet||ru:Щелкунчик;en:The Nutcracker|
Pathetique_Symphony|Pyotr_Ilyich_Tchaikovsky|1893|M|symphony||en:Symphony No. 6 "Pathétique"|
Scheherazade|Nikolai_Rimsky-Korsakov|1888|M|symphonic_poem||ru:Шехеразада;en:Scheherazade|
Piano_Concerto_Grieg|Edvard_Grieg|1869|M|concerto||en:Piano Concerto in A minor|
Peer_Gynt_music|Edvard_Grieg|1876|M|incidental_music|no|en:Peer Gynt (incidental music)|Peer_Gynt_play
New_World_Symphony|Antonin_Dvorak|1893|M|symphony||en:Symphony No. 9 "From the New World";cs:Symfonie č. 9 „Z Nového světa“|
Rusalka|Antonin_Dvorak|1901|M|opera|cs|cs:Rusalka|
La_boheme|Giacomo_Puccini|1896|M|opera|it|it:La bohème|
Tosca|Giacomo_Puccini|1900|M|opera|it|it:Tosca|
Madama_Butterfly|Giacomo_Puccini|1904|M|opera|it|it:Madama Butterfly|
Turandot|Giacomo_Puccini|1926|M|opera|it|it:Turandot|
Prelude_a_l_apres-midi_d_un_faune|Claude_Debussy|1894|M|symphonic_poem||fr:Prélude à l'après-midi d'un faune;en:Prelude to the Afternoon of a Faun|
Pelleas_et_Melisande_opera|Claude_Debussy|1902|M|opera|fr|fr:Pelléas et Mélisande|Pelleas_et_Melisande_play
La_Mer|Claude_Debussy|1905|M|orchestral_work||fr:La Mer;en:The Sea|
Symphony_No_2_Mahler|Gustav_Mahler|1895|M|symphony|de|en:Symphony No. 2 "Resurrection"|
Das_Lied_von_der_Erde|Gustav_Mahler|1911|M|song_cycle|de|de:Das Lied von der Erde;en:The Song of the Earth|
Also_sprach_Zarathustra_music|Richard_Strauss|1896|M|symphonic_poem||de:Also sprach Zarathustra;en:Thus Spoke Zarathustra (tone poem)|Also_sprach_Zarathustra_book
Salome|Richard_Strauss|1905|M|opera|de|de:Salome|
Der_Rosenkavalier|Richard_Strauss|1911|M|opera|de|de:Der Rosenkavalier|
Enigma_Variations|Edward_Elgar|1899|M|orchestral_work||en:Enigma Variations|
Symphony_No_2_Sibelius|Jean_Sibelius|1902|M|symphony||en:Symphony No. 2 in D major|
The_Firebird|Igor_Stravinsky|1910|M|ballet||fr:L'Oiseau de feu;en:The Firebird|
The_Rite_of_Spring|Igor_Stravinsky|1913|M|ballet||fr:Le Sacre du printemps;en:The Rite of Spring|
El_amor_brujo|Manuel_de_Falla|1915|M|ballet|es|es:El amor brujo;en:Love, the Magician|
The_Planets|Gustav_Holst|1918|M|orchestral_work||en:The Planets|
Bolero|Maurice_Ravel|1928|M|orchestral_work||fr:Boléro|
Carmina_Burana|Carl_Orff|1937|M|choral_work|la|la:Carmina Burana|
Leningrad_Symphony|Dmitri_Shostakovich|1942|M|symphony||en:Symphony No. 7 "Leningrad"|
Concerto_for_Orchestra|Bela_Bartok|1944|M|orchestral_work||en:Concerto for Orchestra|
Peter_Grimes|Benjamin_Britten|1945|M|opera|en|en:Peter Grimes|
War_Requiem|Benjamin_Britten|1962|M|choral_work|en,la|en:War Requiem|
`;
